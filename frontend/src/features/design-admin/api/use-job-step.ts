import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportJob } from '../types';
import { designAdminKeys } from './keys';

/**
 * The mutation of one job step (process, merge, number, retry, ...): every step answers the
 * updated job, which replaces the cached one; then the job queries are refetched.
 */
export function useJobStep<TVariables>(step: (variables: TVariables) => Promise<ImportJob>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSuccess: (job) => queryClient.setQueryData(designAdminKeys.job(job.jobId), job),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: designAdminKeys.imports }),
  });
}
