import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatchJson } from '@/api/api-client';
import type { ListNames, SpecialList } from '../types';
import { trimNames } from '../lib/names';
import { afterSpecialListChange } from './keys';

/** PATCH /admin/special-lists (JSON `{id, names}`): the list's names in the three languages. */
export function renameSpecialList({ id, names }: { id: number; names: ListNames }): Promise<SpecialList> {
  return apiPatchJson<SpecialList>('/admin/special-lists', { id, names: trimNames(names) });
}

export function useRenameSpecialList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameSpecialList, onSettled: () => afterSpecialListChange(queryClient) });
}
