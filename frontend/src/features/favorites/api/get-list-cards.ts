import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import { nextPageOf, type SearchPage } from '@/types/search';
import type { FavoriteList } from '../types';
import { favoritesKeys } from './keys';

export const LIST_PAGE_SIZE = 50;

export type ListCardsPage = SearchPage & { list: FavoriteList };

/** GET /search/favorites/{id}/{page}/{pageSize}: the list's colorways as the archive's cards, newest first. */
export function getListCards(listId: string, page: number, signal?: AbortSignal): Promise<ListCardsPage> {
  return apiGet<ListCardsPage>(`/search/favorites/${encodeURIComponent(listId)}/${page}/${LIST_PAGE_SIZE}`, signal);
}

/** The list's cards, a page appended as the grid scrolls on. */
export function useListCards(listId: string) {
  return useInfiniteQuery({
    queryKey: favoritesKeys.cards(listId),
    queryFn: ({ pageParam, signal }) => getListCards(listId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageOf,
  });
}
