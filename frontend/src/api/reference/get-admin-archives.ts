import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { ArchiveOption } from '@/types/reference';
import { queryKeys } from './keys';

/** GET /admin/get/all-archives: every archive, for the import and the pool searches (admin). */
export function getAdminArchives(signal?: AbortSignal): Promise<ArchiveOption[]> {
  return apiGet<ArchiveOption[]>('/admin/get/all-archives', signal);
}

export function adminArchivesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.archives.admin, queryFn: ({ signal }) => getAdminArchives(signal), staleTime: 5 * 60_000 });
}

export function useAdminArchives() {
  return useQuery(adminArchivesQueryOptions());
}
