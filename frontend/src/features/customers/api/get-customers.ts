import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { queryKeys } from '@/api/reference/keys';
import type { Customer, Page } from '../types';

/** Pages count from 0; `query` matches the name or the code. */
export type CustomersQuery = { page: number; pageSize: number; query: string };

export function getCustomers({ page, pageSize, query }: CustomersQuery, signal?: AbortSignal): Promise<Page<Customer>> {
  return apiPost<Page<Customer>>('/admin/customers/get-all', { page, pageSize, query: query || undefined }, signal);
}

export function customersQueryOptions(params: CustomersQuery) {
  return queryOptions({
    // Under the customers root: every customer change refetches the table with the option lists.
    queryKey: [...queryKeys.customers.all, 'table', params],
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomersQuery) {
  return useQuery(customersQueryOptions(params));
}
