import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost, type FormValues } from '@/api/api-client';
import { filtersForm } from '../lib/filters';
import type { FunnelBy, FunnelPage, StatisticsFilters } from '../types';
import { statisticsKeys } from './keys';

/** Pages count from 0. */
export type FunnelQuery = { by: FunnelBy; filters: StatisticsFilters; page: number; pageSize: number };

/** The filter form with `by` and the page (no `sort`: the server orders the most viewed first). */
export function funnelForm({ by, filters, page, pageSize }: FunnelQuery): FormValues {
  return { ...filtersForm(filters), by, page, pageSize };
}

export function getFunnel(form: FormValues, signal?: AbortSignal): Promise<FunnelPage> {
  return apiPost<FunnelPage>('/admin/statistics/funnel', form, signal);
}

export function funnelQueryOptions(query: FunnelQuery) {
  const form = funnelForm(query);
  return queryOptions({
    queryKey: statisticsKeys.funnel(form),
    queryFn: ({ signal }) => getFunnel(form, signal),
    // The last answer stays while the next page or filters load; after a switch between designs and
    // companies its totals stay but not its rows (a design number never shows as a company).
    placeholderData: (previous, previousQuery) =>
      previous && previousQuery?.queryKey[2].by !== form.by ? { ...previous, items: [], totalCount: 0, totalPage: 0 } : previous,
  });
}

/** A page of views, favorites, CAD downloads and orders per design or company, with the totals; not asked while `enabled` is false. */
export function useFunnel(query: FunnelQuery, enabled = true) {
  return useQuery({ ...funnelQueryOptions(query), enabled });
}
