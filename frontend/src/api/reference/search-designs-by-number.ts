import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { DesignOptionPage } from '@/types/reference';
import { queryKeys } from './keys';

/** How many designs a search by number offers: its first matches. */
const DESIGN_OPTIONS = 20;

/** GET /admin/design/search?query=&page=0&pageSize=20: the designs to add to a collection group or a special list, found by number. */
export function searchDesignsByNumber(query: string, signal?: AbortSignal): Promise<DesignOptionPage> {
  const params = new URLSearchParams({ query, page: '0', pageSize: String(DESIGN_OPTIONS) });
  return apiGet<DesignOptionPage>(`/admin/design/search?${params}`, signal);
}

/** Under the design searches: design edits, deletions and imports refetch it. */
export function designNumberSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: queryKeys.designs.byNumber(query),
    queryFn: ({ signal }) => searchDesignsByNumber(query, signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useDesignNumberSearch(query: string) {
  return useQuery(designNumberSearchQueryOptions(query));
}
