import { ApiError, errorCodeForResponseCode, GENERIC_RESPONSE_CODE } from '@/api/api-error';
import { setSession, type Account } from '@/lib/session';
import type { SignIn } from '../types';

/** A 200 answer must be a complete SignIn with responseCode 0; anything else is an error (99 when malformed). */
export function checkSignIn(answer: Partial<SignIn>): SignIn {
  if (typeof answer.responseCode === 'number' && answer.responseCode !== 0) {
    throw new ApiError(200, errorCodeForResponseCode(answer.responseCode), 'sign-in refused', { responseCode: answer.responseCode });
  }
  if (typeof answer.accessToken !== 'string' || !answer.accessToken || !answer.user) {
    throw new ApiError(200, 'generic', 'malformed sign-in answer', { responseCode: GENERIC_RESPONSE_CODE });
  }
  return answer as SignIn;
}

export function accountOf(signIn: SignIn): Account {
  return {
    user: signIn.user,
    isAdmin: Boolean(signIn.isAdmin),
    isInHouse: Boolean(signIn.isInHouse),
    is2FaValidated: Boolean(signIn.is2FaValidated),
    secondFactor: signIn.secondFactor ?? 'none',
  };
}

/** Keeps the token and the account (spec section 4: isAdmin, isInHouse and the second-factor state). */
export function storeSignIn(signIn: SignIn): void {
  setSession(signIn.accessToken, accountOf(signIn));
}

/** Where a fresh sign-in continues: the second-factor step for admins, else the redirect target or home. */
export function pathAfterSignIn(signIn: Pick<SignIn, 'secondFactor' | 'is2FaValidated'>, redirect: string | null): string {
  if (signIn.secondFactor !== 'none' && !signIn.is2FaValidated) {
    return redirect ? `/authenticate?${new URLSearchParams({ redirect })}` : '/authenticate';
  }
  return redirect ?? '/';
}
