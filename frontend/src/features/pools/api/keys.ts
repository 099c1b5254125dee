import { queryKeys } from '@/api/reference/keys';

/**
 * The query keys of the pools screen, under the shared roots: pool changes invalidate every
 * count (`queryKeys.pools.count`) and preview with the list; the user and design pickers are users
 * and design searches.
 */
export const poolKeys = {
  preview: [...queryKeys.pools.all, 'preview'] as const,
  users: [...queryKeys.users.all, 'search'] as const,
  designs: [...queryKeys.designs.searches, 'pool-picker'] as const,
};
