import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { ArchiveOption } from '../types';
import { poolKeys } from './keys';

/** The archives a pool search chooses from. */
export function getArchives(signal?: AbortSignal): Promise<ArchiveOption[]> {
  return apiGet<ArchiveOption[]>('/admin/get/all-archives', signal);
}

export function archivesQueryOptions() {
  return queryOptions({ queryKey: poolKeys.archives, queryFn: ({ signal }) => getArchives(signal), staleTime: 5 * 60_000 });
}

export function useArchives() {
  return useQuery(archivesQueryOptions());
}
