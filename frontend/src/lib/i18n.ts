import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAdmin from '@/locales/en/admin.json';
import enArchive from '@/locales/en/archive.json';
import enAuth from '@/locales/en/auth.json';
import enCommon from '@/locales/en/common.json';
import enCustomers from '@/locales/en/customers.json';
import enDesign from '@/locales/en/design.json';
import enDesignAdmin from '@/locales/en/design-admin.json';
import enErrors from '@/locales/en/errors.json';
import enPages from '@/locales/en/pages.json';
import enPools from '@/locales/en/pools.json';
import enSettings from '@/locales/en/settings.json';
import ruAdmin from '@/locales/ru/admin.json';
import ruArchive from '@/locales/ru/archive.json';
import ruAuth from '@/locales/ru/auth.json';
import ruCommon from '@/locales/ru/common.json';
import ruCustomers from '@/locales/ru/customers.json';
import ruDesign from '@/locales/ru/design.json';
import ruDesignAdmin from '@/locales/ru/design-admin.json';
import ruErrors from '@/locales/ru/errors.json';
import ruPages from '@/locales/ru/pages.json';
import ruPools from '@/locales/ru/pools.json';
import ruSettings from '@/locales/ru/settings.json';
import trAdmin from '@/locales/tr/admin.json';
import trArchive from '@/locales/tr/archive.json';
import trAuth from '@/locales/tr/auth.json';
import trCommon from '@/locales/tr/common.json';
import trCustomers from '@/locales/tr/customers.json';
import trDesign from '@/locales/tr/design.json';
import trDesignAdmin from '@/locales/tr/design-admin.json';
import trErrors from '@/locales/tr/errors.json';
import trPages from '@/locales/tr/pages.json';
import trPools from '@/locales/tr/pools.json';
import trSettings from '@/locales/tr/settings.json';
import { defaultLocale, detectLocale, rememberLocale, supportedLocales, type Locale } from './locale';

export const namespaces = ['common', 'auth', 'archive', 'admin', 'design', 'designAdmin', 'pages', 'customers', 'pools', 'settings', 'errors'] as const;

export const resources = {
  en: { common: enCommon, auth: enAuth, archive: enArchive, admin: enAdmin, design: enDesign, designAdmin: enDesignAdmin, pages: enPages, customers: enCustomers, pools: enPools, settings: enSettings, errors: enErrors },
  tr: { common: trCommon, auth: trAuth, archive: trArchive, admin: trAdmin, design: trDesign, designAdmin: trDesignAdmin, pages: trPages, customers: trCustomers, pools: trPools, settings: trSettings, errors: trErrors },
  ru: { common: ruCommon, auth: ruAuth, archive: ruArchive, admin: ruAdmin, design: ruDesign, designAdmin: ruDesignAdmin, pages: ruPages, customers: ruCustomers, pools: ruPools, settings: ruSettings, errors: ruErrors },
} as const;

function applyDocumentLanguage(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Initialises i18next once with the detected (or given) locale. */
export function initI18n(locale: Locale = detectLocale()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: defaultLocale,
      supportedLngs: [...supportedLocales],
      ns: [...namespaces],
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

/** Switches the interface language and remembers the choice in localStorage. */
export async function changeLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}
