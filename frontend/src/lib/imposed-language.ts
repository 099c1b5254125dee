import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLocale } from './i18n';
import { detectLocale, isLocale, type Locale } from './locale';
import { useSession } from './session';

/**
 * The language the studio imposes when users may not choose one (`languageSelection` off): the
 * account's once signed in, before that the browser's (else the default); null while users may choose.
 */
export function imposedLocale(languageSelection: boolean | undefined, accountLanguage: string | null | undefined): Locale | null {
  if (languageSelection !== false) return null;
  const own = accountLanguage?.trim().toLowerCase();
  // A choice kept in this browser does not count: the user could not have made it.
  return isLocale(own) ? own : detectLocale(null);
}

/**
 * Shows the imposed language (no language selection), following the session (a sign-in brings the
 * account's language), without remembering it as the user's choice: the user's own choice applies
 * again on the next visit once the selection is back on.
 */
export function useImposedLanguage(): void {
  const { i18n } = useTranslation();
  const wanted = imposedLocale(false, useSession().account?.user.language);
  const current = i18n.resolvedLanguage;
  useEffect(() => {
    if (wanted && wanted !== current) void applyLocale(wanted);
  }, [wanted, current]);
}
