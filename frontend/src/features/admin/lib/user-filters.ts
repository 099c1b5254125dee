import type { FormValues } from '@/api/api-client';
import type { UserFilters } from '../types';

export const emptyUserFilters: UserFilters = {
  query: '',
  status: '',
  poolGuid: '',
  customerGuid: '',
  inactiveDays: null,
  sort: null,
  descending: false,
};

/** Whether any filter (not the sort) restricts the list: "clear all filters" is offered then. */
export function hasUserFilters(filters: UserFilters): boolean {
  return filters.query.trim() !== '' || filters.status !== '' || filters.poolGuid !== '' || filters.customerGuid !== '' || filters.inactiveDays !== null;
}

/** The form of POST /admin/users/get-all: unset filters are left out. */
export function usersForm(filters: UserFilters, page: number, pageSize: number): FormValues {
  const form: FormValues = { page, pageSize };
  const query = filters.query.trim();
  if (query) form.query = query;
  if (filters.status) form.status = filters.status;
  if (filters.poolGuid) form.poolGuid = filters.poolGuid;
  if (filters.customerGuid) form.customerGuid = filters.customerGuid;
  if (filters.inactiveDays !== null) form.inactiveDays = filters.inactiveDays;
  if (filters.sort) {
    form.sort = filters.sort;
    form.descending = filters.descending;
  }
  return form;
}
