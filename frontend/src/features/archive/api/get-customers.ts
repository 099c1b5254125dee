import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { CustomerOption } from '../types';
import { archiveKeys } from './keys';

/** POST /get/customers/basic: the customers a search can be limited to. */
export function getCustomers(signal?: AbortSignal): Promise<CustomerOption[]> {
  return apiPost<CustomerOption[]>('/get/customers/basic', undefined, signal);
}

export function customersQueryOptions() {
  return queryOptions({ queryKey: archiveKeys.customers, queryFn: ({ signal }) => getCustomers(signal), staleTime: 10 * 60_000 });
}

export function useSearchCustomers() {
  return useQuery(customersQueryOptions());
}
