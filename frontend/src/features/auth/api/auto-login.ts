import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { checkSignIn, storeSignIn } from '../lib/sign-in';
import type { SignIn } from '../types';

export async function autoLogin(token: string): Promise<SignIn> {
  const signIn = checkSignIn(await apiPost<Partial<SignIn>>('/account/auto-login', { token }));
  storeSignIn(signIn);
  return signIn;
}

/**
 * Exchanges a single-use auto-login link token for a session. A query keyed by the link token so
 * that the link is spent exactly once even when the page mounts twice.
 */
export function useAutoLogin(linkToken: string | null) {
  return useQuery({
    queryKey: ['auto-login', linkToken],
    queryFn: () => autoLogin(linkToken ?? ''),
    enabled: Boolean(linkToken),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
