import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';

/** GET /health: whether the server answers and reaches its database (503 when it does not). */
export type Health = { status: 'ok' | 'degraded'; database: 'ok' | 'unreachable'; sessions: string; palette_index: string };

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return apiGet<Health>('/health', signal);
}

export function useHealth() {
  // Asked for each time the page opens (it is a check), never retried: a failure is the answer.
  return useQuery(queryOptions({ queryKey: ['health'], queryFn: ({ signal }) => getHealth(signal), staleTime: 0, gcTime: 0, retry: false }));
}
