import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { Id } from '../types';
import { designAdminKeys } from './keys';

/** POST /design/dispose: discards the job and its uploaded files. */
export function disposeJob(jobId: Id): Promise<{ disposed: boolean }> {
  return apiPost<{ disposed: boolean }>('/design/dispose', { jobId: String(jobId) });
}

export function useDisposeJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disposeJob,
    onSuccess: (_answer, jobId) => queryClient.removeQueries({ queryKey: designAdminKeys.job(jobId) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: designAdminKeys.openJobs }),
  });
}
