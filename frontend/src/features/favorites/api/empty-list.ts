import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '@/api/api-client';
import type { FavoriteList } from '../types';
import { afterFavoritesChange } from './update-lists';

/** PATCH /favorites/empty/{id}: removes every colorway the user sees in the list. */
export function emptyList(listId: string): Promise<FavoriteList> {
  return apiPatch<FavoriteList>(`/favorites/empty/${encodeURIComponent(listId)}`);
}

export function useEmptyList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: emptyList, onSettled: () => afterFavoritesChange(queryClient) });
}
