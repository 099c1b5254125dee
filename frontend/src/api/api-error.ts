/** Every server error code of docs/API.md, plus `generic` for malformed answers and network failures. */
export const errorCodes = [
  'invalid_form',
  'payload_too_large',
  'invalid_email',
  'weak_password',
  'passwords_mismatch',
  'invalid_credentials',
  'day_limit_reached',
  'ip_restricted',
  'account_stopped',
  'account_cancelled',
  'account_expired',
  'not_authorized',
  'password_required',
  'rate_limited',
  'login_required',
  'second_factor_required',
  'invalid_code',
  'code_already_used',
  'invalid_recovery_code',
  'already_enrolled',
  'token_invalid',
  'not_found',
  // Users and customer companies (admin).
  'duplicate_email',
  'customer_name_required',
  'customer_name_taken',
  'customer_in_use',
  // Design upload and import job (spec section 5; refusals of PUT /design/import and file errors).
  'no_files',
  'archive_required',
  'unsupported_file_type',
  'not_an_image',
  'duplicate_file',
  'already_in_archive',
  'file_too_large',
  'image_too_large',
  'damaged_file',
  'unsupported_image',
  'upload_interrupted',
  'processing_failed',
  'storage_full',
  'import_still_processing',
  'import_wrong_state',
  'import_nothing_to_add',
  'import_job_not_found',
  'import_file_not_found',
  // Designs (header, edit, delete).
  'design_not_found',
  'colorway_not_found',
  'archive_not_found',
  'customer_not_found',
  'label_not_found',
  'confined_without_customer',
  'duplicate_design_number',
  // Archive search (POST /search/design/basic): a filter field the server refused; similar-image search.
  'invalid_search',
  'search_field_hidden',
  'similar_search_unavailable',
  'similar_image_unusable',
  'similar_image_too_large',
  // Pools (admin) and the users they are assigned to.
  'pool_name_required',
  'pool_empty',
  'pool_name_taken',
  'pool_not_found',
  'user_not_found',
  // Favorite lists.
  'favorite_list_name_required',
  'favorite_list_name_too_long',
  'favorite_list_name_punctuation',
  'favorite_list_name_taken',
  'favorite_colorway_present',
  'favorite_list_not_found',
  'favorite_entry_not_found',
  'favorite_list_limit',
  'favorite_list_full',
  // CAD files: downloads of a colorway, and download-all zips of a design or a favorite list.
  'cad_not_allowed',
  'cad_switched_off',
  'cad_format_unknown',
  'cad_format_not_for_design',
  'cad_wear_model_unavailable',
  'cad_file_missing',
  'cad_nothing_to_download',
  'cad_too_many_colorways',
  'cad_download_not_found',
  'cad_download_expired',
  'cad_download_not_ready',
  // Collections (mood boards, design pages), their photos, special lists and stock pages.
  'collection_not_found',
  'collection_kind_fixed',
  'collection_kind_mismatch',
  'collection_form_incomplete',
  'collection_group_required',
  'mood_image_not_found',
  'photo_unsupported',
  'photo_too_large',
  'colorway_already_tagged',
  'special_list_not_found',
  'special_list_rule',
  'stock_page_not_found',
  // Wear models and the views of a design at scale.
  'wear_model_not_found',
  'wear_model_name_taken',
  'wear_image_unusable',
  'wear_image_too_large',
  'view_too_large',
  // Labels: their management and the tagging of unlabeled designs.
  'duplicate_label_name',
  'label_group_invalid',
  'label_merge_into_itself',
  'label_selection_required',
  'label_in_use',
  // The pinned designs that lead the archive.
  'too_many_pins',
  // The banners of the archive home (Admin → Settings → General): an image id the server does not hold.
  'banner_not_found',
  'internal',
  'unavailable',
  'generic',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The numeric login `responseCode` of the spec, for answers that carry only the number. */
const codeByResponseCode: Record<number, ErrorCode> = {
  1: 'invalid_credentials',
  2: 'day_limit_reached',
  3: 'ip_restricted',
  4: 'account_stopped',
  5: 'rate_limited',
  6: 'password_required',
  7: 'account_cancelled',
  8: 'account_expired',
  9: 'not_authorized',
  99: 'generic',
};

export const GENERIC_RESPONSE_CODE = 99;

export function errorCodeForResponseCode(responseCode: number): ErrorCode {
  return codeByResponseCode[responseCode] ?? 'generic';
}

/** True for a code errors.json translates. */
export function isKnownCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (errorCodes as readonly string[]).includes(code);
}

export type ApiErrorBody = {
  code?: unknown;
  message?: unknown;
  field?: unknown;
  responseCode?: unknown;
  retryAfter?: unknown;
};

/** A failed call: the server's `{ code, message }` envelope, typed. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field?: string;
  readonly responseCode?: number;
  readonly retryAfter?: number;

  constructor(status: number, code: ErrorCode, message: string, extra: { field?: string; responseCode?: number; retryAfter?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = extra.field;
    this.responseCode = extra.responseCode;
    this.retryAfter = extra.retryAfter;
  }

  static fromBody(status: number, body: ApiErrorBody | null): ApiError {
    const responseCode = typeof body?.responseCode === 'number' ? body.responseCode : undefined;
    let code: ErrorCode = 'generic';
    if (isKnownCode(body?.code)) code = body.code;
    else if (responseCode !== undefined) code = errorCodeForResponseCode(responseCode);
    return new ApiError(status, code, typeof body?.message === 'string' ? body.message : `HTTP ${status}`, {
      field: typeof body?.field === 'string' ? body.field : undefined,
      responseCode,
      retryAfter: typeof body?.retryAfter === 'number' ? body.retryAfter : undefined,
    });
  }

  static network(cause: unknown): ApiError {
    return new ApiError(0, 'generic', cause instanceof Error ? cause.message : 'network failure', {
      responseCode: GENERIC_RESPONSE_CODE,
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
