import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { ApiError } from './api-error';
import { apiUpload } from './api-upload';

function form(): FormData {
  const data = new FormData();
  data.append('archiveId', '1');
  data.append('files', new NodeFile([new Uint8Array(1000)], 'a.tif') as unknown as Blob, 'a.tif');
  return data;
}

describe('upload with progress', () => {
  it('reports the bytes sent and answers the JSON body', async () => {
    server.use(http.put('*/service/upload', () => HttpResponse.json({ ok: true })));
    const progress: number[] = [];
    await expect(apiUpload('/upload', form(), { onProgress: ({ loaded, total }) => progress.push(loaded / total) })).resolves.toEqual({ ok: true });
    expect(progress.at(-1)).toBe(1);
  });

  it('turns the error envelope into an ApiError with its field', async () => {
    server.use(http.put('*/service/upload', () => HttpResponse.json({ code: 'archive_required', message: 'no archive', field: 'archiveId' }, { status: 400 })));
    const error = await apiUpload('/upload', form()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'archive_required', field: 'archiveId' });
  });

  it('sends to another instance when given its address (the configuration uploadBase)', async () => {
    const hosts: string[] = [];
    server.use(
      http.put('*/service/upload', ({ request }) => {
        hosts.push(new URL(request.url).origin);
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiUpload('/upload', form(), { base: 'http://import.studio.local:8081' });
    await apiUpload('/upload', form(), { base: '' });
    expect(hosts).toEqual(['http://import.studio.local:8081', window.location.origin]);
  });

  it('rejects with an AbortError when cancelled', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(apiUpload('/upload', form(), { signal: abort.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
