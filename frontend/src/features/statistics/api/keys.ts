import type { FormValues } from '@/api/api-client';
import type { ChartKind, EntryTab } from '../types';

/** The statistics screen's query keys: read only, nothing else changes or invalidates them. */
export const statisticsKeys = {
  all: ['statistics'] as const,
  /** POST /admin/statistics/{tab's route}: a page of entries for the form. */
  entries: (tab: EntryTab, form: FormValues) => ['statistics', 'entries', tab, form] as const,
  /** POST /admin/statistics/chart: the time series (and the top labels) for the form, named in `language`. */
  chart: (kind: ChartKind, form: FormValues, language: string) => ['statistics', 'chart', kind, form, language] as const,
  /** POST /admin/statistics/funnel: a page of the funnel (the form holds `by`) with its totals. */
  funnel: (form: FormValues) => ['statistics', 'funnel', form] as const,
  /** POST /admin/statistics/unviewed: a page of the designs nobody looked at under the form's filters. */
  unviewed: (form: FormValues) => ['statistics', 'unviewed', form] as const,
};
