import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/api/api-client';
import type { FavoriteList } from '../types';
import { afterListChange } from './update-lists';

/** PUT /favorites/create: a name unique for the user, letters, digits and spaces. */
export function createList(name: string): Promise<FavoriteList> {
  return apiPut<FavoriteList>('/favorites/create', { name: name.trim() });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createList, onSettled: () => afterListChange(queryClient) });
}
