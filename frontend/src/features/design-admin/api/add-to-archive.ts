import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterDesignsAdded } from '@/api/reference/invalidate';
import type { AddToArchiveAnswer, Id } from '../types';
import { designAdminKeys } from './keys';

/** POST /design/add-to-archive: writes the job's designs into the archive; answers them and the job. */
export function addToArchive(jobId: Id): Promise<AddToArchiveAnswer> {
  return apiPost<AddToArchiveAnswer>('/design/add-to-archive', { jobId: String(jobId) });
}

export function useAddToArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToArchive,
    onSuccess: (answer) => queryClient.setQueryData(designAdminKeys.job(answer.job.jobId), answer.job),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: designAdminKeys.imports });
      // New designs show up in every design search: the admin list and the archive.
      void afterDesignsAdded(queryClient);
    },
  });
}
