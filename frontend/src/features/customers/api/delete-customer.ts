import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterCustomerChange, afterUserChange } from '@/api/reference/invalidate';

/**
 * POST /admin/customers/delete. While users or designs refer to the customer the server answers
 * `customer_in_use` unless `cascade`: then its users go and its designs stay without a customer.
 */
export function deleteCustomer({ customerGuid, cascade }: { customerGuid: string; cascade: boolean }): Promise<{ ok: boolean }> {
  return apiPost('/admin/customers/delete', { customerGuid, cascade });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    // A cascade also deletes the customer's users.
    onSettled: () => Promise.all([afterCustomerChange(queryClient), afterUserChange(queryClient)]),
  });
}
