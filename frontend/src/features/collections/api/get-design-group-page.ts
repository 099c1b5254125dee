import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { nextPageOf, type SearchPage } from '@/types/search';
import { collectionsKeys } from './keys';

/**
 * How many cards a group shows at first (the design page's answer) and how many each "Show more"
 * adds: the same, so page 1 of the group starts right after the cards already shown.
 */
export const GROUP_PAGE_SIZE = 48;

/**
 * POST /basic-colleciton/get/{id}/{groupId}/{page}/{pageSize}: a page (from 0) of one group's cards
 * in the group's order, as the archive search answers (`pageSize` 1–100).
 */
export function getDesignGroupPage(id: number, groupId: number, page: number, pageSize: number, signal?: AbortSignal): Promise<SearchPage> {
  return apiPost<SearchPage>(`/basic-colleciton/get/${id}/${groupId}/${page}/${pageSize}`, undefined, signal);
}

/**
 * The cards of a group after the first page the design page brought: from page 1 on, one page per
 * `fetchNextPage`. Asks nothing until `enabled` (the user asked for more); pages loaded before are
 * shown again from the cache.
 */
export function useDesignGroupCards(id: number, groupId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: collectionsKeys.designGroup(id, groupId, GROUP_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getDesignGroupPage(id, groupId, pageParam, GROUP_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
    staleTime: 5 * 60_000,
  });
}
