import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The interface language and its number format: counts are written "12,345", "12.345" or "12 345". */
export function useLocaleFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(locale);
    return { locale, number: (value: number) => numbers.format(value) };
  }, [locale]);
}
