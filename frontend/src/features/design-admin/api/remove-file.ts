import { apiDelete } from '@/api/api-client';
import type { Id, ImportJob } from '../types';
import { useJobStep } from './use-job-step';

export type RemoveFileInput = { jobId: Id; fileId: Id };

/** DELETE /design/import/{jobId}/{fileId}: drops a file from the job. */
export function removeFile({ jobId, fileId }: RemoveFileInput): Promise<ImportJob> {
  return apiDelete<ImportJob>(`/design/import/${encodeURIComponent(String(jobId))}/${encodeURIComponent(String(fileId))}`);
}

export function useRemoveFile() {
  return useJobStep(removeFile);
}
