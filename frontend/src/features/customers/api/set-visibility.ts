import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { customerKeys } from './keys';

/** POST /admin/customers/set-visibility: a hidden customer leaves other customers' filter lists. */
export function setCustomerVisibility({ customerGuid, visible }: { customerGuid: string; visible: boolean }): Promise<{ ok: boolean }> {
  return apiPost('/admin/customers/set-visibility', { customerGuid, val: visible });
}

export function useSetCustomerVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCustomerVisibility,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
