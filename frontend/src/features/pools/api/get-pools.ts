import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { Pool } from '../types';
import { poolKeys } from './keys';

export function getPools(signal?: AbortSignal): Promise<Pool[]> {
  return apiPost<Pool[]>('/admin/pool/all', undefined, signal);
}

export function poolsQueryOptions() {
  return queryOptions({ queryKey: poolKeys.list, queryFn: ({ signal }) => getPools(signal) });
}

export function usePools() {
  return useQuery(poolsQueryOptions());
}
