import { queryKeys } from '@/api/reference/keys';

/**
 * The customer side's collection queries, under the shared `collections` root: a change in the
 * collections admin invalidates the root, so boards, mood boards, design pages and stock pages are
 * asked again. The list of all collections is the shared `queryKeys.collections.visible`.
 */
export const collectionsKeys = {
  all: queryKeys.collections.all,
  /** POST /collections/all. */
  visible: queryKeys.collections.visible,
  /** POST /collections/get: one collection with its sub-collections. */
  one: (id: number) => ['collections', 'one', id] as const,
  /** GET /collections/get-mood-boards/{id}: a mood board's images (its page and its images' pages share it). */
  moodBoard: (id: number) => ['collections', 'mood-board', id] as const,
  /** POST /basic-colleciton/get/{id}: a design page's groups. */
  designPage: (id: number) => ['collections', 'design-page', id] as const,
  /** POST /basic-colleciton/get/{id}/{groupId}/{page}/{pageSize}: the pages of a group's cards after its first ones (under its page's key). */
  designGroup: (id: number, groupId: number, pageSize: number) => ['collections', 'design-page', id, 'group', groupId, pageSize] as const,
  /** GET /public/stock/{slug}: a stock page (a revoke invalidates the root too). */
  stockPage: (slug: string) => ['collections', 'stock-page', slug] as const,
};
