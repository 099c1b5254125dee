import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { CustomerOption } from '../types';
import { adminKeys } from './keys';

/** POST /get/customers/basic: staff get every customer, for the filters and the user forms. */
export function getCustomers(signal?: AbortSignal): Promise<CustomerOption[]> {
  return apiPost<CustomerOption[]>('/get/customers/basic', undefined, signal);
}

export function customersQueryOptions() {
  return queryOptions({ queryKey: adminKeys.customers, queryFn: ({ signal }) => getCustomers(signal), staleTime: 60_000 });
}

export function useCustomers() {
  return useQuery(customersQueryOptions());
}
