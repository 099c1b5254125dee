import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';
import type { UserStatus } from '../types';

/** POST /admin/users/change-account-state: activate, suspend (`stopped`) or cancel one account. */
export function changeAccountState(input: { userGuid: string; state: UserStatus }): Promise<{ ok: boolean }> {
  return apiPost<{ ok: boolean }>('/admin/users/change-account-state', input);
}

export function useChangeAccountState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccountState,
    onSettled: () => afterUserChange(queryClient),
  });
}
