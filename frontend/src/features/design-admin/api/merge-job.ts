import { apiPost } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { useJobStep } from './use-job-step';

export type MergeInput = {
  jobId: Id;
  /** Each inner list becomes one design; without it the server applies the file-name rule's proposal. */
  groups?: Id[][];
};

/** POST /design/merge-internal: makes one design of each group of files (their colorways). */
export function mergeJob({ jobId, groups }: MergeInput): Promise<ImportJob> {
  return apiPost<ImportJob>('/design/merge-internal', { jobId: String(jobId), groups: groups ? JSON.stringify(groups) : undefined });
}

export function useMergeJob() {
  return useJobStep(mergeJob);
}
