import type { QueryClient } from '@tanstack/react-query';
import type { ColorwayLists, FavoriteEntry, FavoriteList, FavoriteListEntries } from '../types';
import { favoritesKeys } from './keys';

/** After a change that may take colorways out of lists (a list emptied): every favorites query, the hearts too. */
export function afterFavoritesChange(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: favoritesKeys.all });
}

/**
 * After a change to a list itself (made, renamed, shared, deleted): every favorites query but the
 * colorways' lists, which it leaves as they are (a deleted list's id no longer matches a list).
 */
export function afterListChange(queryClient: QueryClient): Promise<unknown> {
  const [, colorways] = favoritesKeys.colorways;
  return queryClient.invalidateQueries({ queryKey: favoritesKeys.all, predicate: (query) => query.queryKey[1] !== colorways });
}

/** After a colorway went into a list or out of it: the lists' counts, that colorway's lists, and that list's entries and cards. */
export function afterEntryChange(queryClient: QueryClient, listId: string, colorwayGuid: string): Promise<unknown> {
  return Promise.all(
    [favoritesKeys.lists, favoritesKeys.colorway(colorwayGuid), favoritesKeys.entries(listId), favoritesKeys.cards(listId)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * Shows at once (an optimistic update) a colorway going into a list (`entry`, the list's newest)
 * or out of it (no `entry`): the colorway's lists, the list's count in the lists (with or without
 * thumbnails) and the list's entries, where they are read already. Answers how to undo it: the
 * mutation's onMutate returns it, its onError calls it when the server refuses.
 */
export async function changeListsNow(queryClient: QueryClient, listId: string, colorwayGuid: string, entry?: FavoriteEntry): Promise<() => void> {
  const keys = [favoritesKeys.lists, favoritesKeys.colorway(colorwayGuid), favoritesKeys.entries(listId)];
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const before = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));

  const others = (ids: string[]) => ids.filter((id) => id !== listId);
  const counted = <L extends FavoriteList>(list: L): L => ({ ...list, entryCount: Math.max(0, list.entryCount + (entry ? 1 : -1)) });
  queryClient.setQueriesData<FavoriteList[]>({ queryKey: favoritesKeys.lists }, (lists) => lists?.map((list) => (list.id === listId ? counted(list) : list)));
  queryClient.setQueryData<ColorwayLists>(favoritesKeys.colorway(colorwayGuid), (held) =>
    held && { ...held, listIds: entry ? [...others(held.listIds), listId] : others(held.listIds) },
  );
  queryClient.setQueryData<FavoriteListEntries>(favoritesKeys.entries(listId), (list) =>
    list && {
      ...counted(list),
      entries: [...(entry ? [entry] : []), ...list.entries.filter((shown) => shown.colorwayGuid !== colorwayGuid)],
    },
  );
  return () => before.forEach(([queryKey, data]) => queryClient.setQueryData(queryKey, data));
}
