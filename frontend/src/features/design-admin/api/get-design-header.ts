import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { DesignHeader } from '@/types/design';
import { designAdminKeys } from './keys';

/** POST /admin/design/header/{designGuid}: everything the edit modal shows. */
export function getDesignHeader(designGuid: string, signal?: AbortSignal): Promise<DesignHeader> {
  return apiPost<DesignHeader>(`/admin/design/header/${encodeURIComponent(designGuid)}`, undefined, signal);
}

export function designHeaderQueryOptions(designGuid: string) {
  return queryOptions({ queryKey: designAdminKeys.header(designGuid), queryFn: ({ signal }) => getDesignHeader(designGuid, signal), staleTime: 0 });
}

export function useDesignHeader(designGuid: string | null) {
  return useQuery({ ...designHeaderQueryOptions(designGuid ?? ''), enabled: designGuid !== null });
}
