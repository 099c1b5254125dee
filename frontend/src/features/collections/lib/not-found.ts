import { isApiError } from '@/api/api-error';

/** The codes of a collection, mood board, design page or stock page the viewer may not see (any more). */
const notFoundCodes: readonly string[] = ['collection_not_found', 'stock_page_not_found', 'not_found'];

/**
 * No such collection for this viewer: unknown, inactive, of the other kind, or a revoked stock
 * page. The server answers 404 with one of the codes above.
 */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || notFoundCodes.includes(error.code));
}
