import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';

/** Whether this user may search by picture (the AI search switch; staff always may). */
export type SimilarStatus = { available: boolean; indexedColorways: number };

export const similarKeys = { status: ['similar', 'status'] as const };

/** GET /search/similar/status. */
export function useSimilarStatus() {
  return useQuery({
    queryKey: similarKeys.status,
    queryFn: ({ signal }) => apiGet<SimilarStatus>('/search/similar/status', signal),
    staleTime: 5 * 60_000,
  });
}
