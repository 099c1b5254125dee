import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { CollectionNode } from '../types';
import { collectionsAdminKeys } from './keys';

/** GET /admin/new-collection/all: every collection with its sub-collections (inactive ones too), in order. */
export function getCollectionTree(signal?: AbortSignal): Promise<CollectionNode[]> {
  return apiGet<CollectionNode[]>('/admin/new-collection/all', signal);
}

export function collectionTreeQueryOptions() {
  return queryOptions({ queryKey: collectionsAdminKeys.tree, queryFn: ({ signal }) => getCollectionTree(signal) });
}

export function useCollectionTree() {
  return useQuery(collectionTreeQueryOptions());
}
