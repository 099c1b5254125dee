import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { SharedList } from '../types';
import { favoritesKeys } from './keys';

/** GET /admin/favorites/shared: the lists customers shared with the studio, the latest first. */
export function getSharedLists(signal?: AbortSignal): Promise<SharedList[]> {
  return apiGet<SharedList[]>('/admin/favorites/shared', signal);
}

export function useSharedLists() {
  return useQuery(queryOptions({ queryKey: favoritesKeys.shared, queryFn: ({ signal }) => getSharedLists(signal) }));
}
