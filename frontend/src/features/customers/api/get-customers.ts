import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { Customer, Page } from '../types';
import { customerKeys } from './keys';

/** Pages count from 0; `query` matches the name or the code. */
export type CustomersQuery = { page: number; pageSize: number; query: string };

export function getCustomers({ page, pageSize, query }: CustomersQuery, signal?: AbortSignal): Promise<Page<Customer>> {
  return apiPost<Page<Customer>>('/admin/customers/get-all', { page, pageSize, query: query || undefined }, signal);
}

export function customersQueryOptions(params: CustomersQuery) {
  return queryOptions({
    queryKey: [...customerKeys.list, params],
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomersQuery) {
  return useQuery(customersQueryOptions(params));
}
