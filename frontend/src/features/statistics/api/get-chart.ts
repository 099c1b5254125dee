import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { filtersForm } from '../lib/filters';
import type { ChartAnswer, ChartKind, StatisticsFilters } from '../types';
import { statisticsKeys } from './keys';

export type ChartQuery = { kind: ChartKind; filters: StatisticsFilters; language: string };

/** POST /admin/statistics/chart: the filter form plus `kind`. */
export function getChart({ kind, filters }: ChartQuery, signal?: AbortSignal): Promise<ChartAnswer> {
  return apiPost<ChartAnswer>('/admin/statistics/chart', { ...filtersForm(filters), kind }, signal);
}

export function chartQueryOptions(query: ChartQuery) {
  return queryOptions({
    queryKey: statisticsKeys.chart(query.kind, filtersForm(query.filters), query.language),
    queryFn: ({ signal }) => getChart(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The tab's entries per day or month, and (labels tab) the 10 labels looked at most. */
export function useChart(query: ChartQuery, enabled = true) {
  return useQuery({ ...chartQueryOptions(query), enabled });
}
