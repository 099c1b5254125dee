import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { FavoriteList } from '../types';
import { favoritesKeys } from './keys';

/** How many thumbnails a list's mosaic shows. */
export const MOSAIC_THUMBNAILS = 4;

/** GET /favorites/lists: the user's lists with their counts, newest first; with `thumbnails`, each with its newest colorways' thumbnails. */
export function getLists(thumbnails?: number, signal?: AbortSignal): Promise<FavoriteList[]> {
  return apiGet<FavoriteList[]>(thumbnails ? `/favorites/lists?thumbnails=${thumbnails}` : '/favorites/lists', signal);
}

export function listsQueryOptions() {
  return queryOptions({ queryKey: favoritesKeys.lists, queryFn: ({ signal }) => getLists(undefined, signal), staleTime: 60_000 });
}

/** The lists and their counts: the app bar, the add-to-list dialog, the hearts' remembered list and a list's page share it. */
export function useLists() {
  return useQuery(listsQueryOptions());
}

/** The lists with their mosaics' thumbnails, for the lists page. */
export function useListsWithThumbnails() {
  return useQuery({ queryKey: favoritesKeys.listsWithThumbnails, queryFn: ({ signal }) => getLists(MOSAIC_THUMBNAILS, signal) });
}
