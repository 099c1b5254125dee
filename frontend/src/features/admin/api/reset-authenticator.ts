import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';

/** POST /admin/users/reset-authenticator: the next sign-in enrolls a new authenticator. */
export function resetAuthenticator(input: { userGuid: string }): Promise<{ ok: boolean }> {
  return apiPost<{ ok: boolean }>('/admin/users/reset-authenticator', input);
}

export function useResetAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAuthenticator,
    onSettled: () => afterUserChange(queryClient),
  });
}
