import { apiPost } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { useJobStep } from './use-job-step';

/** POST /design/rename-numerator-main: gives every design group the next design number (01-0559). */
export function numberDesigns(jobId: Id): Promise<ImportJob> {
  return apiPost<ImportJob>('/design/rename-numerator-main', { jobId: String(jobId) });
}

export function useNumberDesigns() {
  return useJobStep(numberDesigns);
}
