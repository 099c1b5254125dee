import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/api/api-client';
import { afterListChange } from './update-lists';

/** DELETE /favorites/delete/{id}. */
export function deleteList(listId: string): Promise<{ deleted: boolean }> {
  return apiDelete(`/favorites/delete/${encodeURIComponent(listId)}`);
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteList, onSettled: () => afterListChange(queryClient) });
}
