import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { FavoriteList } from '../types';
import { afterListChange } from './update-lists';

/** POST /favorites/share: the studio gets the list; sharing again renews the share. */
export function shareList(listId: string): Promise<FavoriteList> {
  return apiPost<FavoriteList>('/favorites/share', { listid: listId });
}

export function useShareList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shareList, onSettled: () => afterListChange(queryClient) });
}
