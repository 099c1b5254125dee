import type { FormValues } from '@/api/api-client';
import {
  DEFAULT_FUNNEL_BY,
  dateRangePresets,
  funnelBys,
  isStatisticTab,
  type DateRangeChoice,
  type DateRangePreset,
  type FunnelBy,
  type StatisticTab,
  type StatisticsFilters,
} from '../types';

export const DEFAULT_TAB: StatisticTab = 'labels';

/** The URL search params of the screen: a reload or a shared link keeps the tab and the filters. */
export const param = { tab: 'tab', company: 'company', user: 'user', userName: 'userName', range: 'range', from: 'from', to: 'to', by: 'by' } as const;

export const emptyFilters: StatisticsFilters = { companyGuid: '', userGuid: '', userName: '', range: 'all', from: '', to: '' };

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function isPreset(value: number): value is DateRangePreset {
  return (dateRangePresets as readonly number[]).includes(value);
}

/** The date range select's value ("all", "custom", "1" … "11") as a choice; all times for anything else. */
export function rangeChoiceOf(value: string | null | undefined): DateRangeChoice {
  if (value === 'custom') return 'custom';
  const preset = Number(value);
  return value && isPreset(preset) ? preset : 'all';
}

export function tabOf(params: URLSearchParams): StatisticTab {
  const tab = params.get(param.tab);
  return isStatisticTab(tab) ? tab : DEFAULT_TAB;
}

/** The funnel's rows the URL names: per design unless `by=company`. */
export function funnelByOf(params: URLSearchParams): FunnelBy {
  const by = params.get(param.by);
  return (funnelBys as readonly (string | null)[]).includes(by) ? (by as FunnelBy) : DEFAULT_FUNNEL_BY;
}

/** `params` with the funnel's rows written in; the default (per design) is left out. */
export function withFunnelBy(params: URLSearchParams, by: FunnelBy): URLSearchParams {
  const next = new URLSearchParams(params);
  if (by === DEFAULT_FUNNEL_BY) next.delete(param.by);
  else next.set(param.by, by);
  return next;
}

/** The filters a URL holds; malformed values are ignored (an old or hand-edited link still opens). */
export function parseFilters(params: URLSearchParams): StatisticsFilters {
  const text = (key: string) => (params.get(key) ?? '').trim();
  const from = text(param.from);
  const to = text(param.to);
  const userGuid = text(param.user);
  // A link with only from/to is a custom range too.
  const range = rangeChoiceOf(params.get(param.range) ?? (from || to ? 'custom' : null));
  return {
    companyGuid: text(param.company),
    userGuid,
    userName: userGuid ? text(param.userName) : '',
    range,
    from: range === 'custom' && isIsoDate(from) ? from : '',
    to: range === 'custom' && isIsoDate(to) ? to : '',
  };
}

/** `params` with the filters written in (the tab and anything else kept); unset filters are left out. */
export function withFilters(params: URLSearchParams, filters: StatisticsFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set(param.company, filters.companyGuid);
  set(param.user, filters.userGuid);
  set(param.userName, filters.userGuid ? filters.userName : '');
  set(param.range, filters.range === 'all' ? '' : String(filters.range));
  set(param.from, filters.range === 'custom' ? filters.from : '');
  set(param.to, filters.range === 'custom' ? filters.to : '');
  return next;
}

export function hasFilters(filters: StatisticsFilters): boolean {
  return filters.companyGuid !== '' || filters.userGuid !== '' || filters.range !== 'all';
}

/** A custom range whose first day comes after its last: the screen asks for a fix instead of asking the server. */
export function isRangeReversed(filters: StatisticsFilters): boolean {
  return filters.range === 'custom' && filters.from !== '' && filters.to !== '' && filters.from > filters.to;
}

/**
 * The filter form every statistics route takes: `companyGuid`, `userGuid`, and either the preset
 * `dateRange` or a custom `from`/`to` (all times: neither).
 */
export function filtersForm(filters: StatisticsFilters): FormValues {
  const form: FormValues = {};
  if (filters.companyGuid) form.companyGuid = filters.companyGuid;
  if (filters.userGuid) form.userGuid = filters.userGuid;
  if (filters.range === 'custom') {
    if (filters.from) form.from = filters.from;
    if (filters.to) form.to = filters.to;
  } else if (filters.range !== 'all') {
    form.dateRange = filters.range;
  }
  return form;
}

/** One text per distinct filter form: the table goes back to its first page when it changes. */
export function filtersKey(filters: StatisticsFilters): string {
  return JSON.stringify(filtersForm(filters));
}
