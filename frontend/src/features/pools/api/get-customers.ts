import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { CustomerOption } from '../types';
import { poolKeys } from './keys';

/** The customers a pool search chooses from. */
export function getCustomers(signal?: AbortSignal): Promise<CustomerOption[]> {
  return apiPost<CustomerOption[]>('/get/customers/basic', undefined, signal);
}

export function customersQueryOptions() {
  return queryOptions({ queryKey: poolKeys.customers, queryFn: ({ signal }) => getCustomers(signal), staleTime: 5 * 60_000 });
}

export function useCustomers() {
  return useQuery(customersQueryOptions());
}
