import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { Collection } from '../types';
import { collectionsKeys } from './keys';

/** POST /collections/get: one active collection with the sub-collections the viewer sees (`collection_not_found` otherwise). */
export function getCollection(id: number, signal?: AbortSignal): Promise<Collection> {
  return apiPost<Collection>('/collections/get', { id }, signal);
}

/** A collection's board; `id` null (not a collection id) asks nothing. */
export function useCollection(id: number | null) {
  return useQuery({
    queryKey: collectionsKeys.one(id ?? 0),
    queryFn: ({ signal }) => getCollection(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}
