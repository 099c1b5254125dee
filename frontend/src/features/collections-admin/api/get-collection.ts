import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { CollectionDetail } from '../types';
import { collectionsAdminKeys } from './keys';

/** GET /admin/new-collection/{id}: a (sub-)collection with its mood images (every tag) and design groups. */
export function getCollection(id: number, signal?: AbortSignal): Promise<CollectionDetail> {
  return apiGet<CollectionDetail>(`/admin/new-collection/${id}`, signal);
}

export function collectionQueryOptions(id: number) {
  return queryOptions({ queryKey: collectionsAdminKeys.detail(id), queryFn: ({ signal }) => getCollection(id, signal) });
}

export function useCollection(id: number, enabled = true) {
  return useQuery({ ...collectionQueryOptions(id), enabled });
}
