import { apiPost } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { useJobStep } from './use-job-step';

/** POST /design/cancel: stops the job; nothing more is added from it. */
export function cancelJob(jobId: Id): Promise<ImportJob> {
  return apiPost<ImportJob>('/design/cancel', { jobId: String(jobId) });
}

export function useCancelJob() {
  return useJobStep(cancelJob);
}
