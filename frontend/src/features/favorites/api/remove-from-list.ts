import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { ColorwayRef, FavoriteList } from '../types';
import { afterEntryChange, changeListsNow } from './update-lists';

type Removed = ColorwayRef & { listId: string };

/** POST /favorites/remove. */
export function removeFromList({ listId, designGuid, colorwayGuid }: Removed): Promise<FavoriteList> {
  return apiPost<FavoriteList>('/favorites/remove', { listid: listId, designGuid, colorwayGuid });
}

/** Removes a colorway, gone from the list at once and back when the server refuses. */
export function useRemoveFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromList,
    onMutate: (removed: Removed) => changeListsNow(queryClient, removed.listId, removed.colorwayGuid),
    onError: (_error, _removed, undo) => undo?.(),
    onSettled: (_list, _error, removed) => afterEntryChange(queryClient, removed.listId, removed.colorwayGuid),
  });
}
