import { queryKeys } from '@/api/reference/keys';

/** The CAD query keys, under one root. */
export const cadKeys = {
  all: ['cad'] as const,
  /** GET /cad/rights: the user's rights and formats (shared: a save of the general settings invalidates it). */
  rights: queryKeys.cadRights,
  /** GET /cad/downloads/{id}: one download-all zip's progress. */
  bundle: (id: string) => ['cad', 'bundle', id] as const,
};
