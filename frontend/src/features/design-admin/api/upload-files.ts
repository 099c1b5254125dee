import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '@/api/api-upload';
import { useConfiguration } from '@/api/reference/get-configuration';
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
  /** The instance uploads go to (the configuration's `uploadBase`); empty: this server. */
  base?: string;
};

/**
 * PUT /design/import as multipart form data, with real upload progress. The plain fields go
 * before the files: the server reads them first. The answer lists the files it refused; the
 * accepted ones stay in the job.
 */
export function uploadFiles({ archiveId, jobId, files, onProgress, signal, base }: UploadFilesInput): Promise<ImportJob> {
  const form = new FormData();
  form.append('archiveId', String(archiveId));
  form.append('isNewImport', 'true');
  if (jobId !== undefined && jobId !== null) form.append('jobId', String(jobId));
  for (const file of files) form.append('files', file, file.name);
  return apiUpload<ImportJob>('/design/import', form, { method: 'PUT', base, onProgress, signal });
}

export function useUploadFiles() {
  const queryClient = useQueryClient();
  const { data: configuration } = useConfiguration();
  const base = configuration?.uploadBase;
  return useMutation({
    mutationFn: (input: UploadFilesInput) => uploadFiles({ base, ...input }),
    onSuccess: (job) => queryClient.setQueryData(designAdminKeys.job(job.jobId), job),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: designAdminKeys.imports }),
  });
}
