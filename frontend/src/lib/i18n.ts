import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '@/locales/en';
import { detectLocale, isLocale, rememberLocale, supportedLocales, type Locale } from './locale';

/** Every namespace of one language (src/locales/<locale>/index.ts). */
export type LocaleBundle = typeof en;
export type LocaleBundles = Partial<Record<Locale, Partial<LocaleBundle>>>;

type Part = () => Promise<Partial<LocaleBundle>>;

/** The parts of a language loaded after `app`: `shared` right after it, the others with the routes that need them. */
export type TranslationPart = 'shared' | 'design' | 'auth' | 'admin';

/**
 * Each language in parts, each a chunk: the namespaces of the archive's first paint, loaded before
 * the first render; those of the other screens every account sees and of every failure, asked for
 * at the same time but awaited only by what shows them (every route but the archive's, every
 * deferred part: src/app/routes.tsx, lib/deferred.ts); the design page's, the sign-in screens' and
 * the admin panel's, loaded with their routes. The app never downloads the languages it does not
 * show, nor the admin panel's words for a customer.
 */
const parts: Record<Locale, Record<'app' | TranslationPart, Part>> = {
  en: {
    app: async () => (await import(/* webpackChunkName: "locale-en" */ '../locales/en/app')).default,
    shared: async () => (await import(/* webpackChunkName: "locale-en-shared" */ '../locales/en/shared')).default,
    design: async () => ({ design: (await import(/* webpackChunkName: "locale-en-design" */ '../locales/en/design.json')).default }),
    auth: async () => ({ auth: (await import(/* webpackChunkName: "locale-en-auth" */ '../locales/en/auth.json')).default }),
    admin: async () => (await import(/* webpackChunkName: "locale-en-admin" */ '../locales/en/admin-panel')).default,
  },
  tr: {
    app: async () => (await import(/* webpackChunkName: "locale-tr" */ '../locales/tr/app')).default,
    shared: async () => (await import(/* webpackChunkName: "locale-tr-shared" */ '../locales/tr/shared')).default,
    design: async () => ({ design: (await import(/* webpackChunkName: "locale-tr-design" */ '../locales/tr/design.json')).default }),
    auth: async () => ({ auth: (await import(/* webpackChunkName: "locale-tr-auth" */ '../locales/tr/auth.json')).default }),
    admin: async () => (await import(/* webpackChunkName: "locale-tr-admin" */ '../locales/tr/admin-panel')).default,
  },
  ru: {
    app: async () => (await import(/* webpackChunkName: "locale-ru" */ '../locales/ru/app')).default,
    shared: async () => (await import(/* webpackChunkName: "locale-ru-shared" */ '../locales/ru/shared')).default,
    design: async () => ({ design: (await import(/* webpackChunkName: "locale-ru-design" */ '../locales/ru/design.json')).default }),
    auth: async () => ({ auth: (await import(/* webpackChunkName: "locale-ru-auth" */ '../locales/ru/auth.json')).default }),
    admin: async () => (await import(/* webpackChunkName: "locale-ru-admin" */ '../locales/ru/admin-panel')).default,
  },
};

/** A namespace of each part: a language holds the part once it holds that namespace. */
const marker = { app: 'common', shared: 'errors', design: 'design', auth: 'auth', admin: 'admin' } as const;

let initialised: () => void = () => undefined;
/** Settles once i18next is set up: the router starts loading the first route (and its part of the language) before. */
const ready = new Promise<void>((resolve) => (initialised = resolve));

/** Loads one part of a language into i18next (nothing when it is there already); fetched at once, added once i18next is set up. */
async function loadPart(locale: Locale, part: keyof typeof marker): Promise<void> {
  if (i18n.isInitialized && i18n.hasResourceBundle(locale, marker[part])) return;
  const bundle = await parts[locale][part]();
  await ready;
  if (i18n.hasResourceBundle(locale, marker[part])) return;
  for (const [namespace, resources] of Object.entries(bundle)) i18n.addResourceBundle(locale, namespace, resources);
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
    initialised();
  } else if (i18n.language !== locale) {
    void i18n.changeLanguage(locale);
  }
  applyDocumentLanguage(locale);
  return i18n;
}

/** The detected language's first part, loaded and set up: what the app awaits before its first render (the shared part is asked for at once). */
export async function startI18n(locale: Locale = detectLocale()) {
  const first = parts[locale].app();
  void loadTranslations('shared');
  return initI18n(locale, { [locale]: await first });
}

/** The parts the screens opened so far needed: a change of language loads them in the new one too. */
const wanted = new Set<TranslationPart>();

/** The interface language; before i18next is set up, the one it will be set up with. */
function currentLocale(): Locale {
  return i18n.isInitialized && isLocale(i18n.language) ? i18n.language : detectLocale();
}

/**
 * A part of the interface language (the design page's words, the admin panel's…), with the shared
 * part every screen but the archive's first paint needs: what its routes await before they render.
 */
export async function loadTranslations(part: TranslationPart): Promise<void> {
  const needed = part === 'shared' ? [part] : (['shared', part] as const);
  needed.forEach((each) => wanted.add(each));
  let locale = currentLocale();
  const load = () => Promise.all(needed.map((each) => loadPart(locale, each)));
  await load();
  // The language changed meanwhile: the parts in that one.
  while (currentLocale() !== locale) {
    locale = currentLocale();
    await load();
  }
}

/** Switches the interface language (loading it first when needed) and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await applyLocale(locale);
}

/** Switches the interface language without remembering it: a language the user did not choose (no language selection). */
export async function applyLocale(locale: Locale): Promise<void> {
  await Promise.all([loadPart(locale, 'app'), ...[...wanted].map((part) => loadPart(locale, part))]);
  await i18n.changeLanguage(locale);
}

export { i18n };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: LocaleBundle;
  }
}
