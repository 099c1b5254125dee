import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaggingAnswer } from '../types';
import { getUnlabeledDesign } from './get-unlabeled-design';
import { labelKeys } from './keys';

/** Passes over a design (for this admin only; others may still get it): the answer offers the next one. */
export function useSkipDesign(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (designGuid: string) => getUnlabeledDesign({ name, skip: designGuid }),
    // A reload of the current answer still under way would put the skipped design back.
    onMutate: () => queryClient.cancelQueries({ queryKey: labelKeys.unlabeled(name) }),
    onSuccess: (answer: TaggingAnswer) => queryClient.setQueryData(labelKeys.unlabeled(name), answer),
  });
}
