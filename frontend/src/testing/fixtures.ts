import type { SignIn, TokenValidation } from '@/features/auth/types';

export const testUser = {
  userGuid: 'u-1',
  name: 'Ayşe User',
  email: 'user@example.com',
  language: 'en',
  companyGuid: null,
  companyName: null,
};

export const testAdmin = { ...testUser, userGuid: 'a-1', name: 'Admin', email: 'admin@example.com' };

export function signInAnswer(overrides: Partial<SignIn> = {}): SignIn {
  return {
    responseCode: 0,
    accessToken: 'token-1',
    user: testUser,
    isAdmin: false,
    isInHouse: false,
    is2FaValidated: true,
    secondFactor: 'none',
    ...overrides,
  };
}

export function validAnswer(overrides: Partial<TokenValidation> = {}): TokenValidation {
  return { isValid: true, user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none', ...overrides };
}
