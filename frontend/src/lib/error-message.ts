import { isApiError, type ErrorCode } from '@/api/api-error';

/** The translation code of any failure (errors.json): the server's `code`, else `generic`. */
export function errorCodeOf(error: unknown): ErrorCode {
  return isApiError(error) ? error.code : 'generic';
}
