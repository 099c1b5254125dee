import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { UserOption } from '../types';
import { poolKeys } from './keys';

/** POST /admin/users/get-all with `query`: the first 20 users matching a name, e-mail or company. */
export function findUsers(query: string, signal?: AbortSignal): Promise<{ items: UserOption[] }> {
  return apiPost<{ items: UserOption[] }>('/admin/users/get-all', { page: 0, pageSize: 20, query }, signal);
}

export function userSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...poolKeys.users, query],
    queryFn: ({ signal }) => findUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserSearch(query: string) {
  return useQuery(userSearchQueryOptions(query));
}
