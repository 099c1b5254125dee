import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { updateAccount } from '@/lib/session';
import { recoveryCodesKey } from './recovery-codes';
import { validateTokenKey } from './validate-token';

export type RecoverAnswer = { is2FaValidated: boolean; recoveryCodesLeft: number };

/** Passes the second factor with a single-use recovery code instead of a TOTP code. */
export function recoverSecondFactor(recoveryCode: string): Promise<RecoverAnswer> {
  return apiPost<RecoverAnswer>('/account/second-factor/recover', { recoveryCode });
}

export function useRecoverSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recoverSecondFactor,
    onSuccess: async (answer) => {
      updateAccount({ is2FaValidated: true, secondFactor: 'verify' });
      queryClient.setQueryData(recoveryCodesKey, { recoveryCodesLeft: answer.recoveryCodesLeft });
      await queryClient.invalidateQueries({ queryKey: validateTokenKey });
    },
  });
}
