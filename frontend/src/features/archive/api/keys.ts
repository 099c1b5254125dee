import { queryKeys } from '@/api/reference/keys';
import type { SearchForm } from '../lib/search-filters';

const searches = [...queryKeys.designs.searches, 'archive'] as const;

/** The query keys of the archive search screen; its searches sit under the shared design search root, which design edits invalidate. */
export const archiveKeys = {
  swatches: ['archive', 'swatches'] as const,
  /** Every archive search: the appended (infinite) ones and the paged ones. */
  searches,
  infinite: (form: SearchForm, pageSize: number) => [...searches, 'infinite', form, pageSize] as const,
  page: (form: SearchForm, page: number, pageSize: number) => [...searches, 'page', form, page, pageSize] as const,
};
