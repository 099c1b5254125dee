import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { CustomerOption } from '@/types/reference';
import { queryKeys } from './keys';

/** POST /get/customers/basic: the customers of the archive filter, the pool searches and the user forms. */
export function getCustomerOptions(signal?: AbortSignal): Promise<CustomerOption[]> {
  return apiPost<CustomerOption[]>('/get/customers/basic', undefined, signal);
}

/** Adding, deleting or hiding a customer invalidates the list (afterCustomerChange); otherwise asked again after 5 minutes. */
export function customerOptionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.customers.options, queryFn: ({ signal }) => getCustomerOptions(signal), staleTime: 5 * 60_000 });
}

export function useCustomerOptions() {
  return useQuery(customerOptionsQueryOptions());
}
