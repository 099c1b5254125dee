import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/api/api-client';
import type { FavoriteList, ShownColorway } from '../types';
import { afterEntryChange, changeListsNow } from './update-lists';

type Added = ShownColorway & { listId: string };

/** PUT /favorites/add: `favorite_colorway_present` when the colorway is in the list already. */
export function addToList({ listId, designGuid, colorwayGuid }: Added): Promise<FavoriteList> {
  return apiPut<FavoriteList>('/favorites/add', { listid: listId, designGuid, colorwayGuid });
}

/** Adds a colorway, shown in the list at once and taken back when the server refuses. */
export function useAddToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToList,
    onMutate: (added: Added) => changeListsNow(queryClient, added.listId, added.colorwayGuid, { ...added, added: new Date().toISOString() }),
    onError: (_error, _added, undo) => undo?.(),
    onSettled: (_list, _error, added) => afterEntryChange(queryClient, added.listId, added.colorwayGuid),
  });
}
