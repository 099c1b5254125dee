import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { WearModel } from '../types';
import { afterWearModelChange, wearModelKeys } from './keys';

export type WearState = { wearGuid: string; isEnabled: boolean };

/** POST /admin/wears/set-state (form `wearGuid`, `isEnabled`): shows or hides a model in the online archive. */
export function setWearState({ wearGuid, isEnabled }: WearState): Promise<WearState> {
  return apiPost<WearState>('/admin/wears/set-state', { wearGuid, isEnabled });
}

/** Switches the model in the table at once; a refusal puts the tables back, and they are asked again either way. */
export function useSetWearState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWearState,
    onMutate: async ({ wearGuid, isEnabled }: WearState) => {
      await queryClient.cancelQueries({ queryKey: wearModelKeys.admin });
      const before = queryClient.getQueriesData<WearModel[]>({ queryKey: wearModelKeys.admin });
      queryClient.setQueriesData<WearModel[]>({ queryKey: wearModelKeys.admin }, (models) =>
        models?.map((model) => (model.guid === wearGuid ? { ...model, isEnabled } : model)),
      );
      return { before };
    },
    onError: (_error, _state, context) => {
      for (const [key, models] of context?.before ?? []) queryClient.setQueryData(key, models);
    },
    onSettled: () => afterWearModelChange(queryClient),
  });
}
