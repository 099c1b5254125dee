import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { updateAccount } from '@/lib/session';
import { validateTokenKey } from './validate-token';

/** The answer of verify; `recoveryCodes` only on the code that confirmed an enrolment (shown once). */
export type VerifyAnswer = { is2FaValidated: boolean; recoveryCodes?: string[] };

export function verifySecondFactor(code: string): Promise<VerifyAnswer> {
  return apiPost<VerifyAnswer>('/account/second-factor/verify', { code });
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
