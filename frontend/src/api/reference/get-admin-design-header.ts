import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { DesignHeader } from '@/types/design';
import { queryKeys } from './keys';

/** POST /admin/design/header/{designGuid}: everything the edit modal shows. */
export function getAdminDesignHeader(designGuid: string, signal?: AbortSignal): Promise<DesignHeader> {
  return apiPost<DesignHeader>(`/admin/design/header/${encodeURIComponent(designGuid)}`, undefined, signal);
}

/** Always asked again when the modal opens: the edit starts from what the server holds now. */
export function adminDesignHeaderQueryOptions(designGuid: string) {
  return queryOptions({ queryKey: queryKeys.designs.adminHeader(designGuid), queryFn: ({ signal }) => getAdminDesignHeader(designGuid, signal), staleTime: 0 });
}

export function useAdminDesignHeader(designGuid: string | null) {
  return useQuery({ ...adminDesignHeaderQueryOptions(designGuid ?? ''), enabled: designGuid !== null });
}
