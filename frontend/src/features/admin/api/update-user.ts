import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';
import type { UserEdit } from '../lib/user-form';

/** POST /admin/users/update: `duplicate_email` when another user has the address. */
export function updateUser(input: UserEdit): Promise<{ ok: boolean }> {
  return apiPost<{ ok: boolean }>('/admin/users/update', { ...input, mail: input.mail.trim(), name: input.name.trim() });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => afterUserChange(queryClient),
  });
}
