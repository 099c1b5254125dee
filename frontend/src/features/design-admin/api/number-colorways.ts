import { apiPost } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { useJobStep } from './use-job-step';

/** POST /design/rename-numerator-internal: names the colorways of every group VR-1, VR-2, ... */
export function numberColorways(jobId: Id): Promise<ImportJob> {
  return apiPost<ImportJob>('/design/rename-numerator-internal', { jobId: String(jobId) });
}

export function useNumberColorways() {
  return useJobStep(numberColorways);
}
