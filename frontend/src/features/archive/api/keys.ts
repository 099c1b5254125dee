import type { SearchForm } from '../lib/search-filters';

/** The query keys of the archive search screen. */
export const archiveKeys = {
  all: ['archive'] as const,
  labels: (language: string) => ['archive', 'labels', language] as const,
  archives: (language: string) => ['archive', 'archives', language] as const,
  customers: ['archive', 'customers'] as const,
  swatches: ['archive', 'swatches'] as const,
  /** Every search: the appended (infinite) ones and the paged ones. */
  searches: ['archive', 'search'] as const,
  infinite: (form: SearchForm, pageSize: number) => ['archive', 'search', 'infinite', form, pageSize] as const,
  page: (form: SearchForm, page: number, pageSize: number) => ['archive', 'search', 'page', form, page, pageSize] as const,
};
