import { http, HttpResponse } from 'msw';
import { setSession } from '@/lib/session';
import { testUser } from '@/testing/fixtures';
import { server } from '@/testing/server';
import { apiDelete, apiPost, apiPostNoContent, apiPut } from './api-client';
import { ApiError } from './api-error';

describe('api client', () => {
  it('posts a form with the stored Access-Token', async () => {
    setSession('secret-token', { user: testUser, isAdmin: false, isInHouse: false, is2FaValidated: true, secondFactor: 'none' });
    let seen: { token: string | null; type: string | null; body: string } | undefined;
    server.use(
      http.post('*/service/echo', async ({ request }) => {
        seen = { token: request.headers.get('Access-Token'), type: request.headers.get('Content-Type'), body: await request.text() };
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiPost('/echo', { a: 'x y', b: 2, c: true, d: undefined })).resolves.toEqual({ ok: true });
    expect(seen).toEqual({ token: 'secret-token', type: expect.stringContaining('application/x-www-form-urlencoded'), body: 'a=x+y&b=2&c=true' });
  });

  it('turns the error envelope into a typed ApiError', async () => {
    server.use(
      http.post('*/service/echo', () => HttpResponse.json({ code: 'rate_limited', message: 'slow down', retryAfter: 60, responseCode: 5 }, { status: 429 })),
    );
    const error = await apiPost('/echo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 60, responseCode: 5 });
  });

  it('maps unknown codes and non-JSON failures to generic', async () => {
    server.use(http.post('*/service/echo', () => new HttpResponse('Bad gateway', { status: 502 })));
    await expect(apiPost('/echo')).rejects.toMatchObject({ status: 502, code: 'generic' });
  });

  it('puts a form and deletes without a body', async () => {
    const seen: string[] = [];
    server.use(
      http.put('*/service/thing/1', async ({ request }) => {
        seen.push(`PUT ${await request.text()}`);
        return HttpResponse.json({ saved: true });
      }),
      http.delete('*/service/thing/1', async ({ request }) => {
        seen.push(`DELETE ${await request.text()}`);
        return HttpResponse.json({ deleted: true });
      }),
    );
    await expect(apiPut('/thing/1', { studio: 'A B', labelIDs: '1,2' })).resolves.toEqual({ saved: true });
    await expect(apiDelete('/thing/1')).resolves.toEqual({ deleted: true });
    expect(seen).toEqual(['PUT studio=A+B&labelIDs=1%2C2', 'DELETE ']);
  });

  it('posts to a route that answers 204 without a body, and still reads its errors', async () => {
    let body: string | undefined;
    server.use(
      http.post('*/service/quiet', async ({ request }) => {
        body = await request.text();
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/service/quiet-missing', () => HttpResponse.json({ code: 'design_not_found', message: 'no such design' }, { status: 404 })),
    );
    await expect(apiPostNoContent('/quiet', { designGuid: 'd-1' })).resolves.toBeUndefined();
    expect(body).toBe('designGuid=d-1');
    await expect(apiPostNoContent('/quiet-missing')).rejects.toMatchObject({ status: 404, code: 'design_not_found' });
  });
});
