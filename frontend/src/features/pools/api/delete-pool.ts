import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostNoContent } from '@/api/api-client';
import { afterPoolChange } from '@/api/reference/invalidate';

/** POST /admin/pool/delete: its users see the open archive again. */
export function deletePool(bagId: string): Promise<void> {
  return apiPostNoContent('/admin/pool/delete', { bagId });
}

export function useDeletePool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePool, onSettled: () => afterPoolChange(queryClient) });
}
