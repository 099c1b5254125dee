import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/api-client';

/** GET /account/second-factor/recovery-codes: the signed-in admin's unused recovery codes. */
export type RecoveryCodesLeft = { recoveryCodesLeft: number };

/** POST /account/second-factor/recovery-codes: new codes, shown this once (the old ones stop working). */
export type NewRecoveryCodes = { recoveryCodes: string[]; recoveryCodesLeft: number };

export const recoveryCodesKey = ['second-factor', 'recovery-codes'] as const;

export function getRecoveryCodesLeft(signal?: AbortSignal): Promise<RecoveryCodesLeft> {
  return apiGet<RecoveryCodesLeft>('/account/second-factor/recovery-codes', signal);
}

export function recoveryCodesLeftQueryOptions() {
  return queryOptions({ queryKey: recoveryCodesKey, queryFn: ({ signal }) => getRecoveryCodesLeft(signal) });
}

export function useRecoveryCodesLeft() {
  return useQuery(recoveryCodesLeftQueryOptions());
}

/** New codes need the second factor proved again: `code` is a 6-digit code of the authenticator or an unused recovery code (spent). */
export function regenerateRecoveryCodes(code: string): Promise<NewRecoveryCodes> {
  return apiPost<NewRecoveryCodes>('/account/second-factor/recovery-codes', { code });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: (answer) => queryClient.setQueryData(recoveryCodesKey, { recoveryCodesLeft: answer.recoveryCodesLeft }),
  });
}
