import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { SpecialList } from '../types';
import { specialListKeys } from './keys';

/** GET /admin/special-lists: every list with its names in the three languages, its rule and its designs. */
export function getSpecialLists(signal?: AbortSignal): Promise<SpecialList[]> {
  return apiGet<SpecialList[]>('/admin/special-lists', signal);
}

export function specialListsQueryOptions() {
  return queryOptions({ queryKey: specialListKeys.admin, queryFn: ({ signal }) => getSpecialLists(signal) });
}

export function useSpecialLists() {
  return useQuery(specialListsQueryOptions());
}
