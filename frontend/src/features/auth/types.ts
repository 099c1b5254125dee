import type { AccountUser, SecondFactor } from '@/lib/session';

/** The `SignIn` answer of login_collection and auto-login (docs/API.md). */
export type SignIn = {
  responseCode: number;
  accessToken: string;
  user: AccountUser;
  isAdmin: boolean;
  isInHouse: boolean;
  is2FaValidated: boolean;
  secondFactor: SecondFactor;
};

/** The answer of validate-token. */
export type TokenValidation = {
  isValid: boolean;
  user?: AccountUser;
  isAdmin?: boolean;
  isInHouse?: boolean;
  is2FaValidated?: boolean;
  secondFactor?: SecondFactor;
};
