import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { PoolOption } from '../types';
import { adminKeys } from './keys';

/** POST /admin/pool/all: the pools a user can be given (and filtered by). */
export function getPools(signal?: AbortSignal): Promise<PoolOption[]> {
  return apiPost<PoolOption[]>('/admin/pool/all', undefined, signal);
}

export function poolsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.pools, queryFn: ({ signal }) => getPools(signal), staleTime: 60_000 });
}

export function usePools() {
  return useQuery(poolsQueryOptions());
}
