import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isErrorCode, type FieldProblem } from './user-form';

/** The translated text of a field's problem: errors.json for server codes, admin.json for the form's own. */
export function useProblemText(): (problem: FieldProblem | undefined) => string | undefined {
  const { t } = useTranslation(['admin', 'errors']);
  return useCallback(
    (problem) => {
      if (!problem) return undefined;
      return isErrorCode(problem) ? t(`errors:${problem}`) : t(`admin:users.form.${problem}`);
    },
    [t],
  );
}
