import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '@/api/api-client';
import { afterLabelChange } from '@/api/reference/invalidate';
import { labelBody } from '../lib/label-form';
import type { AdminLabel, LabelDraft } from '../types';

/** POST /admin/labels (JSON `{names, groupId, isGroupHeader}`): answers 201 with the new label. */
export function createLabel(draft: LabelDraft): Promise<AdminLabel> {
  return apiPostJson<AdminLabel>('/admin/labels', labelBody(draft));
}

export function useCreateLabel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLabel, onSettled: () => afterLabelChange(queryClient) });
}
