import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';

/** POST /admin/users/assign-password: the user's sessions end. */
export function assignPassword(input: { userGuid: string; newPassword: string; newPassword2: string }): Promise<{ ok: boolean }> {
  return apiPost<{ ok: boolean }>('/admin/users/assign-password', input);
}

export function useAssignPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPassword,
    onSettled: () => afterUserChange(queryClient),
  });
}
