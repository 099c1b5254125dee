import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { afterUserChange } from '@/api/reference/invalidate';
import { newUserForm, type NewUser } from '../lib/user-form';

/** POST /admin/users/create: `invite` mails a link to create the password. */
export function createUser(input: NewUser): Promise<{ userGuid: string }> {
  return apiPost<{ userGuid: string }>('/admin/users/create', newUserForm(input));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSettled: () => afterUserChange(queryClient),
  });
}
