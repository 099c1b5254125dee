import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { DesignOptionPage } from '@/types/reference';
import { queryKeys } from './keys';

/** How many designs a search by number offers by default: its first matches. */
export const DESIGN_OPTIONS = 20;

/** GET /admin/design/search?query=&page=0&pageSize=20: the designs to add to a collection group, a special list or the pins, found by number. */
export function searchDesignsByNumber(query: string, signal?: AbortSignal, pageSize = DESIGN_OPTIONS): Promise<DesignOptionPage> {
  const params = new URLSearchParams({ query, page: '0', pageSize: String(pageSize) });
  return apiGet<DesignOptionPage>(`/admin/design/search?${params}`, signal);
}

/** Under the design searches: design edits, deletions and imports refetch it. */
export function designNumberSearchQueryOptions(query: string, pageSize = DESIGN_OPTIONS) {
  return queryOptions({
    queryKey: queryKeys.designs.byNumber(query, pageSize),
    queryFn: ({ signal }) => searchDesignsByNumber(query, signal, pageSize),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useDesignNumberSearch(query: string, pageSize?: number) {
  return useQuery(designNumberSearchQueryOptions(query, pageSize));
}
