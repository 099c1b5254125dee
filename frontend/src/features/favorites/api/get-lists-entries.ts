import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { FavoriteListEntries } from '../types';
import { favoritesKeys } from './keys';

/** GET /favorites/lists-entries: the user's lists, newest first, each with its colorways (newest first). */
export function getListsEntries(signal?: AbortSignal): Promise<FavoriteListEntries[]> {
  return apiGet<FavoriteListEntries[]>('/favorites/lists-entries', signal);
}

export function listsEntriesQueryOptions() {
  return queryOptions({ queryKey: favoritesKeys.listsEntries, queryFn: ({ signal }) => getListsEntries(signal), staleTime: 60_000 });
}

/** The lists with their entries: the lists page, the app bar's count and the add-to-list dialog share it. */
export function useListsEntries() {
  return useQuery(listsEntriesQueryOptions());
}
