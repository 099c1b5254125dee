import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost, type FormValues } from '@/api/api-client';
import { filtersForm } from '../lib/filters';
import { entriesPath } from '../lib/tabs';
import type { EntriesPage, EntryOf, EntryTab, StatisticsFilters, StatisticsSort } from '../types';
import { statisticsKeys } from './keys';

/** Pages count from 0. */
export type EntriesQuery = { tab: EntryTab; filters: StatisticsFilters; page: number; pageSize: number; sort: StatisticsSort };

/** The filter form with the page and the order. */
export function entriesForm({ filters, page, pageSize, sort }: EntriesQuery): FormValues {
  return { ...filtersForm(filters), page, pageSize, sort };
}

export function getEntries<T extends EntryTab>(tab: T, form: FormValues, signal?: AbortSignal): Promise<EntriesPage<EntryOf[T]>> {
  return apiPost<EntriesPage<EntryOf[T]>>(entriesPath(tab), form, signal);
}

export function entriesQueryOptions(query: EntriesQuery) {
  const form = entriesForm(query);
  return queryOptions({
    queryKey: statisticsKeys.entries(query.tab, form),
    queryFn: ({ signal }) => getEntries(query.tab, form, signal),
    // The table keeps the last page while the next one loads (no jump to an empty grid).
    placeholderData: keepPreviousData,
  });
}

/** A page of the tab's entries with the selection's summary; not asked while `enabled` is false (a reversed custom range). */
export function useEntries(query: EntriesQuery, enabled = true) {
  return useQuery({ ...entriesQueryOptions(query), enabled });
}
