import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { DesignPage } from '../types';
import { collectionsKeys } from './keys';

/**
 * POST /basic-colleciton/get/{id} (the route is spelled so): a design-page sub-collection's groups
 * in order, each with the archive's result cards of the designs the viewer may see.
 */
export function getDesignPage(id: number, signal?: AbortSignal): Promise<DesignPage> {
  return apiPost<DesignPage>(`/basic-colleciton/get/${id}`, undefined, signal);
}

export function useDesignPage(id: number | null) {
  return useQuery({
    queryKey: collectionsKeys.designPage(id ?? 0),
    queryFn: ({ signal }) => getDesignPage(id ?? 0, signal),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}
