import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPutJson } from '@/api/api-client';
import type { SpecialList } from '../types';
import { afterSpecialListChange } from './keys';

/** PUT /admin/special-lists/{id}/designs (JSON `{designGuids}` in order); a rule list answers `special_list_rule`. */
export function setListDesigns({ id, designGuids }: { id: number; designGuids: string[] }): Promise<SpecialList> {
  return apiPutJson<SpecialList>(`/admin/special-lists/${id}/designs`, { designGuids });
}

export function useSetListDesigns() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setListDesigns, onSettled: () => afterSpecialListChange(queryClient) });
}
