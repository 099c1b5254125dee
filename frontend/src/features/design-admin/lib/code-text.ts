import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodes, type ErrorCode } from '@/api/api-error';
import type { Reason } from '../types';

export function isErrorCode(code: string | null | undefined): code is ErrorCode {
  return typeof code === 'string' && (errorCodes as readonly string[]).includes(code);
}

/**
 * The translated text of a code that arrives inside an answer (a refused file, a failed file),
 * not as an error: errors.json by code, else the server's English message, else `generic`.
 */
export function useCodeText(): (code: string | null | undefined, message?: string | null) => string {
  const { t } = useTranslation('errors');
  return useCallback((code, message) => (isErrorCode(code) ? t(code) : message || t('generic')), [t]);
}

/** The translated sentence of a file reader's reason; its English text when the code is new to this app. */
export function useReasonText(): (reason: Reason) => string {
  const { t } = useTranslation('designAdmin');
  return useCallback((reason) => t(`reasons.${reason.code}`, { ...reason.params, text: reason.text, defaultValue: reason.text }), [t]);
}
