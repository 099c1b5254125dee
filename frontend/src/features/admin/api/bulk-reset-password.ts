import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';
import type { BulkAnswer } from '../types';

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
