import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import { queryKeys } from '@/api/reference/keys';

/** Whether this user may search by picture (the AI search switch; staff always may). */
export type SimilarStatus = { available: boolean; indexedColorways: number };

/** Shared: a save of the general settings (the AI search switch) invalidates it. */
export const similarKeys = { status: queryKeys.similarStatus };

/** GET /search/similar/status. */
export function useSimilarStatus() {
  return useQuery({
    queryKey: similarKeys.status,
    queryFn: ({ signal }) => apiGet<SimilarStatus>('/search/similar/status', signal),
    staleTime: 5 * 60_000,
  });
}
