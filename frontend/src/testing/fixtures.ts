import { defaultConfiguration } from '@/api/reference/get-configuration';
import type { SignIn, TokenValidation } from '@/features/auth/types';
import type { ClientConfiguration } from '@/types/configuration';
import type { DesignFields } from '@/types/reference';

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

/** GET /get/design-fields as staff get it: every field visible and searchable. */
export function allDesignFields(): DesignFields {
  return { notes: true, originalName: true, studio: true, closedCountries: true, dynamicParameters: Array.from({ length: 10 }, () => true) };
}

/** The studio's defaults for customers: notes and the original name hidden, the rest shown. */
export function defaultCustomerFields(): DesignFields {
  return { ...allDesignFields(), notes: false, originalName: false };
}

/** GET /get/configuration with the server's defaults (config/default.toml); a test changes what it needs. */
export function clientConfiguration(overrides: Partial<ClientConfiguration> = {}): ClientConfiguration {
  return {
    ...defaultConfiguration,
    parameterNames: Array.from({ length: 10 }, (_, index) => ({ tr: `Parametre ${index + 1}`, en: `Parameter ${index + 1}`, ru: `Параметр ${index + 1}` })),
    ...overrides,
  };
}
