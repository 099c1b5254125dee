import { ApiError } from './api-error';
import { send, type FormValues } from './api-client';
import { fileNameOf } from './content-disposition';

/** A file a route answered as an attachment: its bytes, and the name its `Content-Disposition` gives. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/**
 * POST a form to a route that answers a file (an attachment made on request, such as a CAD file):
 * read whole, with the `Access-Token` header; a refusal is the usual `{ code, message }` envelope.
 */
export async function apiPostFile(path: string, form?: FormValues, signal?: AbortSignal): Promise<DownloadedFile> {
  const response = await send('POST', path, form, signal);
  if (!response.ok) throw ApiError.fromBody(response.status, await response.json().catch(() => null));
  try {
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw ApiError.network(cause);
  }
}
