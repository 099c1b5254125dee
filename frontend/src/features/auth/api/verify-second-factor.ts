import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { updateAccount } from '@/lib/session';
import { validateTokenKey } from './validate-token';

export function verifySecondFactor(code: string): Promise<{ is2FaValidated: boolean }> {
  return apiPost<{ is2FaValidated: boolean }>('/account/second-factor/verify', { code });
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: async () => {
      updateAccount({ is2FaValidated: true, secondFactor: 'verify' });
      await queryClient.invalidateQueries({ queryKey: validateTokenKey });
    },
  });
}
