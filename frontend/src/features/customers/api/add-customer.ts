import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterCustomerChange } from '@/api/reference/invalidate';
import type { NewCustomer } from '../types';

/** POST /admin/customers/add-customer: the name is required (`customer_name_required`) and unique. */
export function addCustomer(customer: NewCustomer): Promise<{ customerGuid: string; customerName: string }> {
  return apiPost('/admin/customers/add-customer', { name: customer.name.trim(), address: customer.address.trim(), code: customer.code.trim() });
}

export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCustomer,
    onSettled: () => afterCustomerChange(queryClient),
  });
}
