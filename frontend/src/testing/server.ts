import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { validAnswer } from './fixtures';

/** Default answers; tests override per case with `server.use(...)`. */
export const handlers = [
  http.post('*/service/account/validate-token', ({ request }) =>
    HttpResponse.json(request.headers.get('Access-Token') ? validAnswer() : { isValid: false }),
  ),
  http.post('*/service/account/logout', () => HttpResponse.json({ ok: true })),
];

export const server = setupServer(...handlers);

/** The form fields of a request (bodies are application/x-www-form-urlencoded). */
export async function formOf(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()));
}
