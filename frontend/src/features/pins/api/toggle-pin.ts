import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@/api/api-error';
import { afterPinFromResults } from '@/api/reference/invalidate';
import { MAX_PINS, type Pin } from '../types';
import { pinsQueryOptions } from './get-pins';
import { pinKeys } from './keys';
import { useSavePins } from './save-pins';

/** A design as a result card shows it: what pinning it from there needs. */
export type PinnableDesign = {
  designGuid: string;
  designName: string;
  colorwayGuid: string | null;
  thumbnail: string | null;
};

/** The pin list with the design appended (`pin`) or taken out; the same list when it is already so. */
export function withPin(list: readonly Pin[], design: PinnableDesign, pin: boolean): readonly Pin[] {
  const present = list.some((pinned) => pinned.designGuid === design.designGuid);
  if (pin === present) return list;
  if (!pin) return list.filter((pinned) => pinned.designGuid !== design.designGuid);
  const { designGuid, designName, colorwayGuid, thumbnail } = design;
  return [...list, { designGuid, designName, originalName: null, colorwayGuid, thumbnail, position: list.length }];
}

/**
 * Pins a design at the end of the pin list, or unpins it, from outside the pins screen (a result
 * card): the current list is the pins query's (with any change still being saved, so quick clicks
 * build on each other), read first when no screen has read it yet; the whole new list is saved
 * through the pins screen's save (shown at once, put back if refused). After a save the design
 * searches on screen are asked again, so the pinned designs lead them and their cards say so.
 * Resolves when the server has the new list; a 101st pin is refused before asking (`too_many_pins`).
 */
export function useTogglePin() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useSavePins();
  return useCallback(
    async (design: PinnableDesign, pin: boolean): Promise<void> => {
      const current = queryClient.getQueryData<Pin[]>(pinKeys.list) ?? (await queryClient.fetchQuery(pinsQueryOptions()));
      const next = withPin(current, design, pin);
      if (next === current) return;
      if (next.length > MAX_PINS) throw new ApiError(400, 'too_many_pins', `at most ${MAX_PINS} designs can be pinned`);
      await mutateAsync(next);
      // Not awaited: the change is said at once, not after the results have been read again.
      void afterPinFromResults(queryClient);
    },
    [queryClient, mutateAsync],
  );
}
