import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '@/locales/en';
import { detectLocale, rememberLocale, supportedLocales, type Locale } from './locale';

/** Every namespace of one language (src/locales/<locale>/index.ts). */
export type LocaleBundle = typeof en;
export type LocaleBundles = Partial<Record<Locale, LocaleBundle>>;

/** One language's chunk: the app never downloads the languages it does not show. */
export async function loadLocaleBundle(locale: Locale): Promise<LocaleBundle> {
  const module: { default: LocaleBundle } = await import(/* webpackChunkName: "locale-[request]" */ `../locales/${locale}/index.ts`);
  return module.default;
}

function applyDocumentLanguage(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Initialises i18next once with `locale` and the bundles already loaded (the active one at least;
 * tests pass every language). Synchronous: the app renders right after it.
 */
export function initI18n(locale: Locale, bundles: LocaleBundles) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: bundles,
      lng: locale,
      // Every language has every key (scripts/check-locales.mjs), so no fallback bundle is loaded.
      fallbackLng: false,
      supportedLngs: [...supportedLocales],
      ns: Object.keys(bundles[locale] ?? {}),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    i18n.on('languageChanged', applyDocumentLanguage);
  } else if (i18n.language !== locale) {
    void i18n.changeLanguage(locale);
  }
  applyDocumentLanguage(locale);
  return i18n;
}

/** The detected language, loaded and set up: what the app awaits before its first render. */
export async function startI18n(locale: Locale = detectLocale()) {
  return initI18n(locale, { [locale]: await loadLocaleBundle(locale) });
}

/** Switches the interface language (loading it first when needed) and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await applyLocale(locale);
}

/** Switches the interface language without remembering it: a language the user did not choose (no language selection). */
export async function applyLocale(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'common')) {
    const bundle = await loadLocaleBundle(locale);
    for (const [namespace, resources] of Object.entries(bundle)) i18n.addResourceBundle(locale, namespace, resources);
  }
  await i18n.changeLanguage(locale);
}

export { i18n };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: LocaleBundle;
  }
}
