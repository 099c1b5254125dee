import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPostJson } from '@/api/api-client';
import type { PoolCriteria } from '@/types/pool';
import type { DesignPage } from '../types';
import { poolKeys } from './keys';

export const PREVIEW_PAGE_SIZE = 25;

/** POST /admin/pool/search (JSON criteria + paging): the designs one search admits. Pages count from 0. */
export function searchPool(criteria: PoolCriteria, page: number, signal?: AbortSignal): Promise<DesignPage> {
  return apiPostJson<DesignPage>('/admin/pool/search', { ...criteria, page, resultsPerPage: PREVIEW_PAGE_SIZE }, signal);
}

export function poolPreviewQueryOptions(criteria: PoolCriteria | null, page: number) {
  return queryOptions({
    queryKey: [...poolKeys.preview, criteria, page],
    queryFn: ({ signal }) => searchPool(criteria!, page, signal),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePoolPreview(criteria: PoolCriteria | null, page: number) {
  return useQuery(poolPreviewQueryOptions(criteria, page));
}
