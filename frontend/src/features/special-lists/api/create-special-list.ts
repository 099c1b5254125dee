import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPutJson } from '@/api/api-client';
import type { ListNames, SpecialList } from '../types';
import { trimNames } from '../lib/names';
import { afterSpecialListChange } from './keys';

/** PUT /admin/special-lists (JSON `{names}`, each 1–100 characters): a new list of chosen designs. */
export function createSpecialList(names: ListNames): Promise<SpecialList> {
  return apiPutJson<SpecialList>('/admin/special-lists', { names: trimNames(names) });
}

export function useCreateSpecialList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSpecialList, onSettled: () => afterSpecialListChange(queryClient) });
}
