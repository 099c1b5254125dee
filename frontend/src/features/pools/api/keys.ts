import { queryKeys } from '@/api/reference/keys';

/**
 * The query keys of the pools screen, under the shared roots: pool changes invalidate every
 * count (`queryKeys.pools.count`) and preview with the list; the design picker is a design search
 * (the shared user picker keys its searches under the users root itself).
 */
export const poolKeys = {
  preview: [...queryKeys.pools.all, 'preview'] as const,
  designs: [...queryKeys.designs.searches, 'pool-picker'] as const,
};
