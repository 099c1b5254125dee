import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost, type FormValues } from '@/api/api-client';
import { queryKeys } from './keys';

/** A user as the user pickers offer it (a row of POST /admin/users/get-all, in part). */
export type UserOption = { userGuid: string; name: string; email: string };

/** What a user picker searches: the typed text, and optionally one customer company's users only. */
export type UserSearch = { query: string; customerGuid?: string };

/** POST /admin/users/get-all with `query`: the first 20 users matching a name, e-mail or company. */
export function findUsers({ query, customerGuid }: UserSearch, signal?: AbortSignal): Promise<{ items: UserOption[] }> {
  const form: FormValues = { page: 0, pageSize: 20, query };
  if (customerGuid) form.customerGuid = customerGuid;
  return apiPost<{ items: UserOption[] }>('/admin/users/get-all', form, signal);
}

/** Keyed under the users root: a user change (admin users screen) invalidates the pickers too. */
export function userSearchQueryOptions(search: UserSearch) {
  return queryOptions({
    queryKey: [...queryKeys.users.all, 'search', search.query, search.customerGuid ?? ''],
    queryFn: ({ signal }) => findUsers(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUserSearch(search: UserSearch) {
  return useQuery(userSearchQueryOptions(search));
}
