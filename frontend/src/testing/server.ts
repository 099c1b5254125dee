import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { allDesignFields, clientConfiguration, validAnswer } from './fixtures';

/** Default answers; tests override per case with `server.use(...)`. */
export const handlers = [
  http.post('*/service/account/validate-token', ({ request }) =>
    HttpResponse.json(request.headers.get('Access-Token') ? validAnswer() : { isValid: false }),
  ),
  http.post('*/service/account/logout', () => HttpResponse.json({ ok: true })),
  // The signed-in admin's recovery codes (Admin > Settings): a full set unless a test says otherwise.
  http.get('*/service/account/second-factor/recovery-codes', () => HttpResponse.json({ recoveryCodesLeft: 10 })),
  // The archive search (the signed-in start page): an empty archive unless a test says otherwise.
  http.post('*/service/search/design/basic/:page/:pageSize', ({ params }) =>
    HttpResponse.json({ results: [], totalCount: 0, totalPage: 0, currentPage: Number(params.page), pageSize: Number(params.pageSize) }),
  ),
  // The client settings kept for the user: none set, and a save answers what was sent.
  http.get('*/service/account/client-settings', () => HttpResponse.json({})),
  http.put('*/service/account/client-settings', async ({ request }) => HttpResponse.json(await request.json())),
  // The user's favorite lists (the app bar counts them) and the lists holding the cards' colorways: none unless a test says otherwise.
  http.get('*/service/favorites/lists', () => HttpResponse.json([])),
  http.get('*/service/favorites/colorways', () => HttpResponse.json([])),
  // CAD files: no right unless a test says otherwise (the design and list pages show no CAD button).
  http.get('*/service/cad/rights', () => HttpResponse.json({ download: false, selection: false, downloadAll: false, export: false, formats: [] })),
  http.post('*/service/get/labels', () => HttpResponse.json([])),
  http.post('*/service/get/archives', () => HttpResponse.json([])),
  http.post('*/service/get/customers/basic', () => HttpResponse.json([])),
  // The archive filter's special lists (the three seeded rule lists) and collections (none).
  http.get('*/service/get/special-lists', () =>
    HttpResponse.json([
      { id: 1, name: 'Pinned designs' },
      { id: 2, name: 'Ordered designs' },
      { id: 3, name: 'Never ordered designs' },
    ]),
  ),
  http.post('*/service/collections/all', () => HttpResponse.json([])),
  // Search by picture: switched off unless a test says otherwise (no picture filter, no design page actions).
  http.get('*/service/search/similar/status', () => HttpResponse.json({ available: false, indexedColorways: 0 })),
  // The studio's general settings (every page reads them): the server's defaults unless a test says otherwise.
  http.get('*/service/get/configuration', () => HttpResponse.json(clientConfiguration())),
  // What the viewer may see and search: everything (staff) unless a test says otherwise.
  http.get('*/service/get/design-fields', () => HttpResponse.json(allDesignFields())),
  http.get('*/service/get/color-swatches', () =>
    HttpResponse.json([
      { name: 'red', hex: '#c62828' },
      { name: 'navy', hex: '#1a237e' },
    ]),
  ),
];

export const server = setupServer(...handlers);

/** The form fields of a request (bodies are application/x-www-form-urlencoded). */
export async function formOf(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()));
}
