import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { Locale } from '@/lib/locale';
import { checkSignIn, storeSignIn } from '../lib/sign-in';
import type { SignIn } from '../types';

export type LoginInput = {
  mailAddress: string;
  password: string;
  remember: boolean;
  language: Locale;
  view?: string;
};

export async function login(input: LoginInput): Promise<SignIn> {
  return checkSignIn(await apiPost<Partial<SignIn>>('/account/login_collection', input));
}

/** Signs in; on success the token and account are stored. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: storeSignIn,
  });
}
