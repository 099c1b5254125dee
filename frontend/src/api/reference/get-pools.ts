import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { Pool } from '@/types/pool';
import { queryKeys } from './keys';

/** POST /admin/pool/all: the pools screen's table, and the pools a user can be given (and filtered by). */
export function getPools(signal?: AbortSignal): Promise<Pool[]> {
  return apiPost<Pool[]>('/admin/pool/all', undefined, signal);
}

/** Pool changes invalidate it (afterPoolChange); the member counts also move with the archive, so it goes stale after a minute. */
export function poolsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.pools.list, queryFn: ({ signal }) => getPools(signal), staleTime: 60_000 });
}

export function usePools() {
  return useQuery(poolsQueryOptions());
}
