import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { usersForm } from '../lib/user-filters';
import type { AdminUser, Page, UserFilters } from '../types';
import { adminKeys } from './keys';

/** Pages count from 0. */
export type UsersQuery = { page: number; pageSize: number; filters: UserFilters };

export function getUsers({ page, pageSize, filters }: UsersQuery, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return apiPost<Page<AdminUser>>('/admin/users/get-all', usersForm(filters, page, pageSize), signal);
}

export function usersQueryOptions(params: UsersQuery) {
  return queryOptions({
    queryKey: [...adminKeys.users, params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UsersQuery) {
  return useQuery(usersQueryOptions(params));
}
