import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';
import { loginRestrictionForm, type LoginRestriction } from '../lib/user-form';

/** POST /admin/users/set-login-condition: a day limit counts from now. */
export function setLoginCondition(input: { userGuid: string; restriction: LoginRestriction }): Promise<{ ok: boolean }> {
  return apiPost<{ ok: boolean }>('/admin/users/set-login-condition', { userGuid: input.userGuid, ...loginRestrictionForm(input.restriction) });
}

export function useSetLoginCondition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLoginCondition,
    onSettled: () => afterUserChange(queryClient),
  });
}
