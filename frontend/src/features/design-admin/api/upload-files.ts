import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/api/api-upload';
import type { Id, ImportJob } from '../types';
import { designAdminKeys } from './keys';

export type UploadFilesInput = {
  archiveId: number;
  /** Adds the files to this open job; without it the server starts a new job. */
  jobId?: Id | null;
  files: File[];
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it cancels the upload (xhr.abort). */
  signal?: AbortSignal;
};

/**
 * PUT /design/import as multipart form data, with real upload progress. The plain fields go
 * before the files: the server reads them first. The answer lists the files it refused; the
 * accepted ones stay in the job.
 */
export function uploadFiles({ archiveId, jobId, files, onProgress, signal }: UploadFilesInput): Promise<ImportJob> {
  const form = new FormData();
  form.append('archiveId', String(archiveId));
  form.append('isNewImport', 'true');
  if (jobId !== undefined && jobId !== null) form.append('jobId', String(jobId));
  for (const file of files) form.append('files', file, file.name);
  return apiUpload<ImportJob>('/design/import', form, { method: 'PUT', onProgress, signal });
}

export function useUploadFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFiles,
    onSuccess: (job) => queryClient.setQueryData(designAdminKeys.job(job.jobId), job),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: designAdminKeys.imports }),
  });
}
