import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/api/api-client';
import { afterDesignChange } from '@/api/reference/invalidate';
import { queryKeys } from '@/api/reference/keys';
import type { DesignHeader } from '@/types/design';
import type { DesignEdit } from '../types';

export type UpdateDesignInput = { designGuid: string; edit: DesignEdit };

/** The form fields of PUT /design/header/{designGuid}. */
export function designEditForm(edit: DesignEdit): Record<string, string> {
  return {
    repeatOffset: edit.repeatOffset,
    repeatDirection: edit.repeatDirection,
    // Empty clears the custom value; the server then refuses `custom` without one (field repeatOffsetCustomValue).
    repeatOffsetCustomValue: edit.repeatOffset === 'custom' ? edit.repeatOffsetCustomValue.trim() : '',
    isConfined: String(edit.isConfined),
    screenStatus: edit.screenStatus,
    originalName: edit.originalName,
    studio: edit.studio,
    notes: edit.notes,
    customerId: edit.customerId.trim(),
    labelIDs: edit.labelIDs.join(','),
    closedCountries: edit.closedCountries.join(','),
    ownedExtra: String(edit.ownedExtra),
    dynamicParameters: JSON.stringify(edit.dynamicParameters),
  };
}

export function updateDesign({ designGuid, edit }: UpdateDesignInput): Promise<DesignHeader> {
  return apiPut<DesignHeader>(`/design/header/${encodeURIComponent(designGuid)}`, designEditForm(edit));
}

export function useUpdateDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDesign,
    onSuccess: (header, { designGuid }) => {
      // The answer is the new admin header; the design page's headers and every search are asked again.
      queryClient.setQueryData(queryKeys.designs.adminHeader(designGuid), header);
      void afterDesignChange(queryClient, designGuid);
    },
  });
}
