import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';

export type CreatePasswordInput = { mailAddress: string; password1: string; password2: string; token: string };

export function createPassword(input: CreatePasswordInput): Promise<{ ok: boolean }> {
  return apiPost<{ ok: boolean }>('/account/create-password', input);
}

export function useCreatePassword() {
  return useMutation({ mutationFn: createPassword });
}
