import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPutJson } from '@/api/api-client';
import { afterLabelChange } from '@/api/reference/invalidate';
import { labelBody } from '../lib/label-form';
import type { AdminLabel, LabelDraft } from '../types';

export type LabelEdit = { id: number; draft: LabelDraft };

/** PUT /admin/labels/{id} (the same JSON as a create): renames the label in the three languages, or regroups it. */
export function updateLabel({ id, draft }: LabelEdit): Promise<AdminLabel> {
  return apiPutJson<AdminLabel>(`/admin/labels/${id}`, labelBody(draft));
}

export function useUpdateLabel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLabel, onSettled: () => afterLabelChange(queryClient) });
}
