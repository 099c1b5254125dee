import { useConfiguration } from '@/api/reference/get-configuration';
import { useImposedLanguage } from '@/lib/imposed-language';

function ImposedLanguage() {
  useImposedLanguage();
  return null;
}

/**
 * Follows the studio's language selection on every page, the sign-in page too: with it off, the
 * interface shows the account's language. Renders nothing; only then does it follow the session.
 */
export function ConfiguredLanguage() {
  const languageSelection = useConfiguration().data?.languageSelection;
  return languageSelection === false ? <ImposedLanguage /> : null;
}
