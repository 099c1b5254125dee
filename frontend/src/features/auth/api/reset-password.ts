import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';

export function resetPassword(mailAddress: string): Promise<{ sent: boolean }> {
  return apiPost<{ sent: boolean }>('/account/reset-password', { mailAddress });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
