import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '@/lib/error-message';
import { useToast } from './toast-context';

/**
 * Shows a failed request as an error toast, translated by its server `code` (errors.json; anything
 * that is not an ApiError reads as `generic`). For actions with no form to show the error in: row
 * switches, confirmations, bulk actions. Field errors of forms stay inline.
 */
export function useErrorToast(): (error: unknown) => void {
  const toast = useToast();
  const { t } = useTranslation('errors');
  return useCallback((error: unknown) => toast(t(errorCodeOf(error)), 'error'), [toast, t]);
}
