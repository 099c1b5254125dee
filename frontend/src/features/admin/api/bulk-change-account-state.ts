import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';
import type { BulkAnswer, UserStatus } from '../types';

/** POST /admin/users/bulk-change-account-state: ids comma-separated. */
export function bulkChangeAccountState(input: { userGuids: string[]; state: UserStatus }): Promise<BulkAnswer> {
  return apiPost<BulkAnswer>('/admin/users/bulk-change-account-state', { userGuids: input.userGuids.join(','), state: input.state });
}

export function useBulkChangeAccountState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChangeAccountState,
    onSettled: () => afterUserChange(queryClient),
  });
}
