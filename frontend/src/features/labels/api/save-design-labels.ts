import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatchJson } from '@/api/api-client';
import { afterDesignsLabelled } from '@/api/reference/invalidate';
import type { TaggingAnswer } from '../types';
import { labelKeys } from './keys';

export type DesignLabels = { designGuid: string; labelIds: number[] };

/**
 * PATCH /admin/tags/unlabeled (JSON `{designGuid, labelIds, name?}`): gives the design its labels
 * and answers the next design to label (save and next in one request), under the same name filter.
 */
export function saveDesignLabels({ designGuid, labelIds, name }: DesignLabels & { name: string }): Promise<TaggingAnswer> {
  return apiPatchJson<TaggingAnswer>('/admin/tags/unlabeled', name ? { designGuid, labelIds, name } : { designGuid, labelIds });
}

export function useSaveDesignLabels(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labels: DesignLabels) => saveDesignLabels({ ...labels, name }),
    onMutate: () => queryClient.cancelQueries({ queryKey: labelKeys.unlabeled(name) }),
    onSuccess: (answer: TaggingAnswer) => {
      queryClient.setQueryData(labelKeys.unlabeled(name), answer);
      return afterDesignsLabelled(queryClient);
    },
    // A label another admin has just deleted or merged is refused: the chips are read again.
    onError: () => void queryClient.invalidateQueries({ queryKey: labelKeys.manage }),
  });
}
