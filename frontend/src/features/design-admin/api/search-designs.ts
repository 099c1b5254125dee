import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import { queryKeys } from '@/api/reference/keys';
import type { DesignSummary, Page } from '../types';

/** Pages count from 0. */
export type DesignSearch = { query: string; page: number; pageSize: number };

export function searchDesigns({ query, page, pageSize }: DesignSearch, signal?: AbortSignal): Promise<Page<DesignSummary>> {
  const params = new URLSearchParams({ query, page: String(page), pageSize: String(pageSize) });
  return apiGet<Page<DesignSummary>>(`/admin/design/search?${params}`, signal);
}

export function designSearchQueryOptions(search: DesignSearch) {
  return queryOptions({
    // Under the shared design search root: design edits, deletions and imports refetch it.
    queryKey: [...queryKeys.designs.searches, 'admin', search],
    queryFn: ({ signal }) => searchDesigns(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDesignSearch(search: DesignSearch) {
  return useQuery(designSearchQueryOptions(search));
}
