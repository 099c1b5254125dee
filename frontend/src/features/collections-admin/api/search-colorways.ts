import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { ColorwayOption } from '../types';
import { collectionsAdminKeys } from './keys';

/**
 * GET /admin/new-collection/colorways?query=01-05/VR: up to 20 colorways whose design number starts
 * with the part before `/` and whose name starts with the part after it (the tagging autocomplete).
 */
export function searchColorways(query: string, signal?: AbortSignal): Promise<ColorwayOption[]> {
  return apiGet<ColorwayOption[]>(`/admin/new-collection/colorways?${new URLSearchParams({ query })}`, signal);
}

export function colorwaySearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: collectionsAdminKeys.colorways(query),
    queryFn: ({ signal }) => searchColorways(query, signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useColorwaySearch(query: string) {
  return useQuery(colorwaySearchQueryOptions(query));
}
