import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/api/api-client';
import { afterWearModelChange } from './keys';

/** DELETE /admin/wears/{guid}: the model with its images and renders. */
export function deleteWearModel(guid: string): Promise<{ deleted: boolean }> {
  return apiDelete(`/admin/wears/${encodeURIComponent(guid)}`);
}

export function useDeleteWearModel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWearModel, onSettled: () => afterWearModelChange(queryClient) });
}
