import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { AdminUser, Page } from '../types';

export type UsersQuery = { page: number; pageSize: number; query: string };

export function getUsers({ page, pageSize, query }: UsersQuery, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return apiPost<Page<AdminUser>>('/admin/users/get-all', { page, pageSize, query }, signal);
}

export function usersQueryOptions(params: UsersQuery) {
  return queryOptions({
    queryKey: ['admin', 'users', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UsersQuery) {
  return useQuery(usersQueryOptions(params));
}
