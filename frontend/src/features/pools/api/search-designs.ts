import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { DesignPage } from '../types';
import { poolKeys } from './keys';

/** POST /search/design/basic/0/25 by design number: the designs to attach to a pool by hand. */
export function searchDesigns(number: string, signal?: AbortSignal): Promise<DesignPage> {
  return apiPost<DesignPage>('/search/design/basic/0/25', { number }, signal);
}

export function designSearchQueryOptions(number: string) {
  return queryOptions({
    queryKey: [...poolKeys.designs, number],
    queryFn: ({ signal }) => searchDesigns(number, signal),
    enabled: number.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useDesignSearch(number: string) {
  return useQuery(designSearchQueryOptions(number));
}
