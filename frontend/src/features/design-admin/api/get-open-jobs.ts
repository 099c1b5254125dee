import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { ImportJob } from '../types';
import { designAdminKeys } from './keys';

/** The import jobs not yet completed, cancelled or disposed: a job survives a page reload. */
export function getOpenJobs(signal?: AbortSignal): Promise<ImportJob[]> {
  return apiGet<ImportJob[]>('/design/import', signal);
}

export function openJobsQueryOptions() {
  return queryOptions({ queryKey: designAdminKeys.openJobs, queryFn: ({ signal }) => getOpenJobs(signal), staleTime: 0 });
}

export function useOpenJobs() {
  return useQuery(openJobsQueryOptions());
}
