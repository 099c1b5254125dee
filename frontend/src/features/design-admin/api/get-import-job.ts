import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { designAdminKeys } from './keys';

/** How often a job is asked for while its files are being processed. */
export const POLL_INTERVAL_MS = 1000;

export function getImportJob(jobId: Id, signal?: AbortSignal): Promise<ImportJob> {
  return apiGet<ImportJob>(`/design/import/${encodeURIComponent(String(jobId))}`, signal);
}

/** True while the server is working on the job's files: the screen polls then. */
export function isJobBusy(job: ImportJob): boolean {
  return job.state === 'processing' || job.files.some((file) => file.state === 'queued' || file.state === 'processing');
}

export function importJobQueryOptions(jobId: Id) {
  return queryOptions({
    queryKey: designAdminKeys.job(jobId),
    queryFn: ({ signal }) => getImportJob(jobId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isJobBusy(query.state.data) ? POLL_INTERVAL_MS : false),
  });
}

export function useImportJob(jobId: Id | null) {
  return useQuery({ ...importJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
