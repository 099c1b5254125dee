import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/api/api-client';
import { afterLabelChange } from '@/api/reference/invalidate';
import type { DeleteAnswer } from '../types';

/** DELETE /admin/labels/{id}: the label leaves every design carrying it; a group header's members become ungrouped. */
export function deleteLabel(id: number): Promise<DeleteAnswer> {
  return apiDelete<DeleteAnswer>(`/admin/labels/${id}`);
}

export function useDeleteLabel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLabel, onSettled: () => afterLabelChange(queryClient) });
}
