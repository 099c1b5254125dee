import { readStored, storageKeys, writeStored } from './storage';

export const supportedLocales = ['en', 'tr', 'ru'] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

function fromTag(tag: string | undefined | null): Locale | null {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

/** Spec section 1: local storage first, then the browser language, then English. */
export function detectLocale(
  stored: string | null = readStored(storageKeys.locale),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language],
): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browser) {
    const locale = fromTag(tag);
    if (locale) return locale;
  }
  return defaultLocale;
}

export function rememberLocale(locale: Locale): void {
  writeStored(storageKeys.locale, locale);
}
