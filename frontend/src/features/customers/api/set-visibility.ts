import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterCustomerChange } from '@/api/reference/invalidate';

/** POST /admin/customers/set-visibility: a hidden customer leaves other customers' filter lists. */
export function setCustomerVisibility({ customerGuid, visible }: { customerGuid: string; visible: boolean }): Promise<{ ok: boolean }> {
  return apiPost('/admin/customers/set-visibility', { customerGuid, val: visible });
}

export function useSetCustomerVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCustomerVisibility,
    onSettled: () => afterCustomerChange(queryClient),
  });
}
