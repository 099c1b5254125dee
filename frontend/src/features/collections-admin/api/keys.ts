import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/reference/keys';

/**
 * The query keys of the collections admin, under the `collections` root: a change invalidates the
 * root, so the customer-side collection pages (keyed under the same root) are asked again too.
 * The design picker is the shared design search by number (src/api/reference/search-designs-by-number.ts).
 */
export const collectionsAdminKeys = {
  all: ['collections'] as const,
  admin: ['collections', 'admin'] as const,
  /** GET /admin/new-collection/all. */
  tree: ['collections', 'admin', 'tree'] as const,
  /** GET /admin/new-collection/{id}. */
  detail: (id: number) => ['collections', 'admin', 'detail', id] as const,
  /** GET /admin/new-collection/colorways?query=. */
  colorways: (query: string) => ['collections', 'admin', 'colorways', query] as const,
};

/**
 * After any change to collections: every collections query (the tree, the open node, the customer
 * pages) and every design search (the archive's collection filter reads the collections' designs).
 */
export function afterCollectionChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionsAdminKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.designs.searches, refetchType: 'none' }),
  ]);
}
