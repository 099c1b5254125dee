import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';
import { loginRestrictionForm, type LoginRestriction } from '../lib/user-form';
import type { BulkAnswer } from '../types';

/** POST /admin/users/bulk-set-login-condition: ids comma-separated. */
export function bulkSetLoginCondition(input: { userGuids: string[]; restriction: LoginRestriction }): Promise<BulkAnswer> {
  return apiPost<BulkAnswer>('/admin/users/bulk-set-login-condition', { userGuids: input.userGuids.join(','), ...loginRestrictionForm(input.restriction) });
}

export function useBulkSetLoginCondition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkSetLoginCondition,
    onSettled: () => afterUserChange(queryClient),
  });
}
