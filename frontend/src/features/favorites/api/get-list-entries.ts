import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { FavoriteListEntries } from '../types';
import { favoritesKeys } from './keys';

/** GET /favorites/entries/{id}: one list with its colorways, newest first (`favorite_list_not_found` for none of the user's). */
export function getListEntries(listId: string, signal?: AbortSignal): Promise<FavoriteListEntries> {
  return apiGet<FavoriteListEntries>(`/favorites/entries/${encodeURIComponent(listId)}`, signal);
}

/** A list's name, count and colorways, for its page. */
export function useListEntries(listId: string) {
  return useQuery({ queryKey: favoritesKeys.entries(listId), queryFn: ({ signal }) => getListEntries(listId, signal) });
}
