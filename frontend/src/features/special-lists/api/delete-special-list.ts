import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/api/api-client';
import { afterSpecialListChange } from './keys';

/** DELETE /admin/special-lists/{id}. */
export function deleteSpecialList(id: number): Promise<{ deleted: boolean }> {
  return apiDelete(`/admin/special-lists/${id}`);
}

export function useDeleteSpecialList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSpecialList, onSettled: () => afterSpecialListChange(queryClient) });
}
