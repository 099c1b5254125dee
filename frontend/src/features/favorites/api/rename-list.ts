import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { FavoriteList } from '../types';
import { afterListChange } from './update-lists';

/** POST /favorites/rename ("collection name changed"). */
export function renameList({ listId, name }: { listId: string; name: string }): Promise<FavoriteList> {
  return apiPost<FavoriteList>('/favorites/rename', { listid: listId, name: name.trim() });
}

export function useRenameList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameList, onSettled: () => afterListChange(queryClient) });
}
