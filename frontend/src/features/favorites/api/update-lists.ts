import type { QueryClient } from '@tanstack/react-query';
import type { FavoriteListEntries } from '../types';
import { favoritesKeys } from './keys';

/** After any change to the user's lists: every favorites query (lists, counts, cards). */
export function afterFavoritesChange(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: favoritesKeys.all });
}

/**
 * Changes the cached lists at once (an optimistic update) and answers how to undo it: the
 * mutation's onMutate returns it, its onError calls it when the server refuses.
 */
export async function changeListsNow(queryClient: QueryClient, change: (lists: FavoriteListEntries[]) => FavoriteListEntries[]): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: favoritesKeys.listsEntries });
  const before = queryClient.getQueryData<FavoriteListEntries[]>(favoritesKeys.listsEntries);
  if (before) queryClient.setQueryData(favoritesKeys.listsEntries, change(before));
  return () => queryClient.setQueryData(favoritesKeys.listsEntries, before);
}
