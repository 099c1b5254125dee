import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPostJson } from '@/api/api-client';
import type { PoolCriteria } from '@/types/pool';
import { poolKeys } from './keys';

/** POST /admin/pool/count (JSON criteria): how many designs one search admits. */
export function countPool(criteria: PoolCriteria, signal?: AbortSignal): Promise<{ count: number }> {
  return apiPostJson<{ count: number }>('/admin/pool/count', criteria, signal);
}

export function poolCountQueryOptions(criteria: PoolCriteria | null) {
  return queryOptions({
    queryKey: [...poolKeys.count, criteria],
    queryFn: ({ signal }) => countPool(criteria!, signal),
    enabled: criteria !== null,
  });
}

export function usePoolCount(criteria: PoolCriteria | null) {
  return useQuery(poolCountQueryOptions(criteria));
}
