import { getToken } from '@/lib/session';
import { ApiError, GENERIC_RESPONSE_CODE, type ApiErrorBody } from './api-error';

export const API_BASE = '/service';

export type FormValues = Record<string, string | number | boolean | null | undefined>;

function toForm(values: FormValues): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

function url(path: string): string {
  return new URL(`${API_BASE}${path}`, window.location.origin).toString();
}

async function request<T>(method: 'GET' | 'POST', path: string, form?: FormValues, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers['Access-Token'] = token;
  let response: Response;
  try {
    response = await fetch(url(path), {
      method,
      headers,
      // A URLSearchParams body is sent as application/x-www-form-urlencoded.
      body: method === 'POST' ? toForm(form ?? {}) : undefined,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw ApiError.network(cause);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw ApiError.fromBody(response.status, body as ApiErrorBody | null);
  if (body === null || typeof body !== 'object') {
    throw new ApiError(response.status, 'generic', 'malformed answer', { responseCode: GENERIC_RESPONSE_CODE });
  }
  return body as T;
}

/** POST a form (URLSearchParams) to `/service{path}` with the stored `Access-Token`. */
export function apiPost<T>(path: string, form?: FormValues, signal?: AbortSignal): Promise<T> {
  return request<T>('POST', path, form, signal);
}

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, undefined, signal);
}
