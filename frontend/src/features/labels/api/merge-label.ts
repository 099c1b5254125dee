import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '@/api/api-client';
import { afterLabelChange } from '@/api/reference/invalidate';
import type { MergeAnswer } from '../types';

export type LabelMerge = { id: number; into: number };

/**
 * POST /admin/labels/{id}/merge (JSON `{into}`): every design, wear model and pool search carrying
 * `id` carries `into` instead, and `id` is deleted.
 */
export function mergeLabel({ id, into }: LabelMerge): Promise<MergeAnswer> {
  return apiPostJson<MergeAnswer>(`/admin/labels/${id}/merge`, { into });
}

export function useMergeLabel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeLabel, onSettled: () => afterLabelChange(queryClient) });
}
