import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { DesignOption, Page } from '../types';
import { collectionsAdminKeys } from './keys';

export const DESIGN_OPTIONS = 20;

/** GET /admin/design/search?query=&page=0&pageSize=20: the designs to add to a group, found by number. */
export function searchDesigns(query: string, signal?: AbortSignal): Promise<Page<DesignOption>> {
  const params = new URLSearchParams({ query, page: '0', pageSize: String(DESIGN_OPTIONS) });
  return apiGet<Page<DesignOption>>(`/admin/design/search?${params}`, signal);
}

export function designSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: collectionsAdminKeys.designs(query),
    queryFn: ({ signal }) => searchDesigns(query, signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useDesignSearch(query: string) {
  return useQuery(designSearchQueryOptions(query));
}
