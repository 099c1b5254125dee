import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { MoodBoard } from '../types';
import { collectionsKeys } from './keys';

/** GET /collections/get-mood-boards/{id}: a mood sub-collection's images with their tagged colorways (`collection_not_found` for another kind). */
export function getMoodBoard(id: number, signal?: AbortSignal): Promise<MoodBoard> {
  return apiGet<MoodBoard>(`/collections/get-mood-boards/${id}`, signal);
}

/** A mood board: its page and each image's page read the same answer, so moving between images asks nothing. */
export function useMoodBoard(id: number | null) {
  return useQuery({
    queryKey: collectionsKeys.moodBoard(id ?? 0),
    queryFn: ({ signal }) => getMoodBoard(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}
