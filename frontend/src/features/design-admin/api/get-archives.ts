import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { Archive } from '../types';
import { designAdminKeys } from './keys';

export function getArchives(signal?: AbortSignal): Promise<Archive[]> {
  return apiGet<Archive[]>('/admin/get/all-archives', signal);
}

export function archivesQueryOptions() {
  return queryOptions({ queryKey: designAdminKeys.archives, queryFn: ({ signal }) => getArchives(signal), staleTime: 5 * 60_000 });
}

export function useArchives() {
  return useQuery(archivesQueryOptions());
}
