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

/** The absolute URL of `/service{path}`, on this server or on `base` (another instance's address). */
export function apiUrl(path: string, base?: string): string {
  return new URL(`${API_BASE}${path}`, base || window.location.origin).toString();
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Headers of every call: JSON answers, and the stored `Access-Token` when there is one. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers['Access-Token'] = token;
  return headers;
}

/** The typed answer of a finished call: the body on success, the error envelope as an ApiError otherwise. */
export function parseAnswer<T>(status: number, ok: boolean, body: unknown): T {
  if (!ok) throw ApiError.fromBody(status, body as ApiErrorBody | null);
  if (body === null || typeof body !== 'object') {
    throw new ApiError(status, 'generic', 'malformed answer', { responseCode: GENERIC_RESPONSE_CODE });
  }
  return body as T;
}

/** Sends a form (or nothing) to `/service{path}` with the session's headers; a network failure is an ApiError. */
export async function send(method: Method, path: string, form?: FormValues, signal?: AbortSignal): Promise<Response> {
  const headers = authHeaders();
  try {
    return await fetch(apiUrl(path), {
      method,
      headers,
      // A URLSearchParams body is sent as application/x-www-form-urlencoded.
      body: method === 'POST' || method === 'PUT' ? toForm(form ?? {}) : undefined,
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw ApiError.network(cause);
  }
}

async function request<T>(method: Method, path: string, form?: FormValues, signal?: AbortSignal): Promise<T> {
  const response = await send(method, path, form, signal);
  const body: unknown = await response.json().catch(() => null);
  return parseAnswer<T>(response.status, response.ok, body);
}

async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers: { ...authHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw ApiError.network(cause);
  }
  const answer: unknown = await response.json().catch(() => null);
  return parseAnswer<T>(response.status, response.ok, answer);
}

/** POST a JSON body to `/service{path}` (the pool routes take JSON rather than a form). */
export function apiPostJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return sendJson<T>('POST', path, body, signal);
}

/** PUT a JSON body to `/service{path}` (the client settings). */
export function apiPutJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return sendJson<T>('PUT', path, body, signal);
}

/** PATCH a JSON body to `/service{path}` (the special lists). */
export function apiPatchJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return sendJson<T>('PATCH', path, body, signal);
}

/** POST a form (URLSearchParams) to `/service{path}` with the stored `Access-Token`. */
export function apiPost<T>(path: string, form?: FormValues, signal?: AbortSignal): Promise<T> {
  return request<T>('POST', path, form, signal);
}

/** POST a form to a route that answers without a body (204 No Content): resolves when it succeeded. */
export async function apiPostNoContent(path: string, form?: FormValues, signal?: AbortSignal): Promise<void> {
  const response = await send('POST', path, form, signal);
  if (!response.ok) throw ApiError.fromBody(response.status, await response.json().catch(() => null));
}

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, undefined, signal);
}

/** PUT a form (URLSearchParams) to `/service{path}`. */
export function apiPut<T>(path: string, form?: FormValues, signal?: AbortSignal): Promise<T> {
  return request<T>('PUT', path, form, signal);
}

/** PATCH `/service{path}` (no body). */
export function apiPatch<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('PATCH', path, undefined, signal);
}

export function apiDelete<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('DELETE', path, undefined, signal);
}

/**
 * An image or file of the API read with the `Access-Token` header, for routes that do not take
 * the image cookie a plain <img src> sends.
 */
export async function apiBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(new URL(url, window.location.origin), { headers: { 'Access-Token': getToken() ?? '' }, signal });
  if (!response.ok) throw ApiError.fromBody(response.status, null);
  return response.blob();
}
