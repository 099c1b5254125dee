import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPutJson } from '@/api/api-client';
import { afterPinChange } from '@/api/reference/invalidate';
import type { Pin } from '../types';
import { pinKeys } from './keys';

/** PUT /admin/pins (JSON `{designGuids}` in order): replaces the whole list (pin, unpin and reorder alike). */
export function savePins(designGuids: string[]): Promise<Pin[]> {
  return apiPutJson<Pin[]>('/admin/pins', { designGuids });
}

/**
 * Saves the list as given and shows it at once; a refusal puts the list back as it was. Saves run
 * one after the other (each sends the whole list, so the last one made must land last), and only
 * the last one's answer is shown and followed by a fresh read, so a quick second change is not
 * undone by the first one's answer.
 */
export function useSavePins() {
  const queryClient = useQueryClient();
  const isLastSave = () => queryClient.isMutating({ mutationKey: pinKeys.save }) === 1;
  return useMutation({
    mutationKey: pinKeys.save,
    scope: { id: 'pins' },
    mutationFn: (pins: readonly Pin[]) => savePins(pins.map((pin) => pin.designGuid)),
    onMutate: async (pins: readonly Pin[]) => {
      await queryClient.cancelQueries({ queryKey: pinKeys.list });
      const before = queryClient.getQueryData<Pin[]>(pinKeys.list);
      queryClient.setQueryData<Pin[]>(
        pinKeys.list,
        pins.map((pin, position) => ({ ...pin, position })),
      );
      return { before };
    },
    onError: (_error, _pins, context) => {
      if (context?.before) queryClient.setQueryData(pinKeys.list, context.before);
    },
    onSuccess: (answer) => {
      if (isLastSave()) queryClient.setQueryData(pinKeys.list, answer);
    },
    // Not awaited: a refusal is said at once, not after the list has been read again.
    onSettled: () => {
      if (isLastSave()) void Promise.all([queryClient.invalidateQueries({ queryKey: pinKeys.list }), afterPinChange(queryClient)]);
    },
  });
}
