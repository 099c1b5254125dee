import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterCollectionChange } from './keys';

/** POST /admin/new-collection with `id`: the (sub-)collection goes with its sub-collections, images and groups. */
export function deleteCollection(id: number): Promise<{ deleted: boolean }> {
  return apiPost('/admin/new-collection', { id });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCollection, onSettled: () => afterCollectionChange(queryClient) });
}
