import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultConfiguration, useConfiguration } from '@/api/reference/get-configuration';
import type { ParameterName } from '@/types/configuration';
import { isLocale } from './locale';

/** dp0 to dp9. */
export const PARAMETER_COUNT = 10;

/** The configured name of dp`index` in `language` (the English one for another language), or null when none is set. */
export function parameterName(names: readonly ParameterName[], index: number, language: string | undefined): string | null {
  const name = names[index];
  if (!name) return null;
  const own = isLocale(language) ? name[language]?.trim() : '';
  return own || name.en?.trim() || null;
}

/**
 * The name of dp`index` (0 to 9) in the interface language, as the studio set it (Admin →
 * Settings); "Parameter 1" to "Parameter 10" until the configuration is read.
 */
export function useParameterName(): (index: number) => string {
  const { t, i18n } = useTranslation('common');
  const names = (useConfiguration().data ?? defaultConfiguration).parameterNames;
  const language = i18n.resolvedLanguage;
  return useCallback((index: number) => parameterName(names ?? [], index, language) ?? t('parameter', { number: index + 1 }), [names, language, t]);
}
