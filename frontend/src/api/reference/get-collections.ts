import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { Collection } from '@/types/collection';
import { queryKeys } from './keys';

/**
 * POST /collections/all: the active collections in their order, each with the sub-collections the
 * viewer sees (for a customer: active ones whose kind is set) and how much of each they see.
 */
export function getCollections(signal?: AbortSignal): Promise<Collection[]> {
  return apiPost<Collection[]>('/collections/all', undefined, signal);
}

/** Collection changes invalidate it (the `collections` root); otherwise asked again after 5 minutes. */
export function collectionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.collections.visible, queryFn: ({ signal }) => getCollections(signal), staleTime: 5 * 60_000 });
}

/** The boards page and the archive's collection filter (`enabled` false: not needed yet, e.g. no collection chosen). */
export function useCollections({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...collectionsQueryOptions(), enabled });
}
