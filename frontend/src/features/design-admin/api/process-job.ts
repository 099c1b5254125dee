import { apiPost } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { useJobStep } from './use-job-step';

/** POST /design/process: queues the uploaded files for processing (the screen then polls the job). */
export function processJob(jobId: Id): Promise<ImportJob> {
  return apiPost<ImportJob>('/design/process', { jobId: String(jobId) });
}

export function useProcessJob() {
  return useJobStep(processJob);
}
