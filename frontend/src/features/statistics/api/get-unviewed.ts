import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost, type FormValues } from '@/api/api-client';
import { filtersForm } from '../lib/filters';
import type { StatisticsFilters, UnviewedPage } from '../types';
import { statisticsKeys } from './keys';

/** Pages count from 0. */
export type UnviewedQuery = { filters: StatisticsFilters; page: number; pageSize: number };

export function unviewedForm({ filters, page, pageSize }: UnviewedQuery): FormValues {
  return { ...filtersForm(filters), page, pageSize };
}

export function getUnviewed(form: FormValues, signal?: AbortSignal): Promise<UnviewedPage> {
  return apiPost<UnviewedPage>('/admin/statistics/unviewed', form, signal);
}

export function unviewedQueryOptions(query: UnviewedQuery) {
  const form = unviewedForm(query);
  return queryOptions({
    queryKey: statisticsKeys.unviewed(form),
    queryFn: ({ signal }) => getUnviewed(form, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the designs nobody the filters admit looked at in the period, newest upload first; not asked while `enabled` is false. */
export function useUnviewed(query: UnviewedQuery, enabled = true) {
  return useQuery({ ...unviewedQueryOptions(query), enabled });
}
