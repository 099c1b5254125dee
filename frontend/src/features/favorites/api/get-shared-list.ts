import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { SharedListEntries } from '../types';
import { favoritesKeys } from './keys';

/** GET /admin/favorites/shared/{id}: one shared list with its colorways. */
export function getSharedList(listId: string, signal?: AbortSignal): Promise<SharedListEntries> {
  return apiGet<SharedListEntries>(`/admin/favorites/shared/${encodeURIComponent(listId)}`, signal);
}

export function useSharedList(listId: string) {
  return useQuery({ queryKey: favoritesKeys.sharedList(listId), queryFn: ({ signal }) => getSharedList(listId, signal) });
}
