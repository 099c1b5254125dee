import { apiPost } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { useJobStep } from './use-job-step';

export type FileRef = { jobId: Id; fileId: Id };

/** POST /design/import/retry: processes a failed file again. */
export function retryFile({ jobId, fileId }: FileRef): Promise<ImportJob> {
  return apiPost<ImportJob>('/design/import/retry', { jobId: String(jobId), fileId: String(fileId) });
}

export function useRetryFile() {
  return useJobStep(retryFile);
}
