import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/reference/keys';

/** The special lists' query keys, under one root (the archive's list filter keys its list there too). */
export const specialListKeys = {
  all: ['special-lists'] as const,
  /** GET /admin/special-lists. */
  admin: ['special-lists', 'admin'] as const,
};

/** After a list changed: every special-lists query, and the design searches (a list is a search filter). */
export function afterSpecialListChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: specialListKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.designs.searches, refetchType: 'none' }),
  ]);
}
