import { apiPost } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { useJobStep } from './use-job-step';

/** POST /design/complete-transfer: closes a job whose designs are in the archive. */
export function completeTransfer(jobId: Id): Promise<ImportJob> {
  return apiPost<ImportJob>('/design/complete-transfer', { jobId: String(jobId) });
}

export function useCompleteTransfer() {
  return useJobStep(completeTransfer);
}
