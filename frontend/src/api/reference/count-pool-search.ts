import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPostJson } from '@/api/api-client';
import type { PoolCriteria } from '@/types/pool';
import { queryKeys } from './keys';

/**
 * POST /admin/pool/count (JSON criteria): how many designs one search admits. The live count of a
 * pool's search (the pools screen) and of a smart group's search (the collections admin).
 */
export function countPoolSearch(criteria: PoolCriteria, signal?: AbortSignal): Promise<{ count: number }> {
  return apiPostJson<{ count: number }>('/admin/pool/count', criteria, signal);
}

export function poolSearchCountQueryOptions(criteria: PoolCriteria | null) {
  return queryOptions({
    queryKey: queryKeys.pools.count(criteria),
    queryFn: ({ signal }) => countPoolSearch(criteria!, signal),
    enabled: criteria !== null,
  });
}

export function usePoolSearchCount(criteria: PoolCriteria | null) {
  return useQuery(poolSearchCountQueryOptions(criteria));
}
