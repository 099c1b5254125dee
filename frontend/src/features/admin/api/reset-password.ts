import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';

/** POST /admin/users/reset-password: mails the user a reset link. */
export function resetPassword(input: { userGuid: string }): Promise<{ ok: boolean }> {
  return apiPost<{ ok: boolean }>('/admin/users/reset-password', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSettled: () => afterUserChange(queryClient),
  });
}
