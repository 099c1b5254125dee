import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { BulkAnswer } from '../types';
import { afterUserChange } from './keys';

/** POST /admin/users/bulk-reset-password: ids comma-separated. */
export function bulkResetPassword(input: { userGuids: string[] }): Promise<BulkAnswer> {
  return apiPost<BulkAnswer>('/admin/users/bulk-reset-password', { userGuids: input.userGuids.join(',') });
}

export function useBulkResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkResetPassword,
    onSettled: () => afterUserChange(queryClient),
  });
}
