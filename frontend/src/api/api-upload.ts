import { ApiError } from './api-error';
import { apiUrl, authHeaders, parseAnswer } from './api-client';

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  method?: 'PUT' | 'POST' | 'PATCH';
  /** Another instance's address to send to (the configuration's `uploadBase`); empty: this server. */
  base?: string;
  /** Called as the request body leaves the browser (bytes sent of bytes to send). */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it aborts the upload; the promise then rejects with an `AbortError`. */
  signal?: AbortSignal;
};

/** True for the rejection of an upload (or any call) the user cancelled. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/**
 * Sends multipart form data to `/service{path}` with XMLHttpRequest, because only XHR reports the
 * progress of the request body (`upload.onprogress`); fetch does not. The field order of `form` is
 * kept: the server reads the plain fields before the files.
 */
export function apiUpload<T>(path: string, form: FormData, { method = 'PUT', base, onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path, base));
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    const done = () => signal?.removeEventListener('abort', onAbort);
    // Settle at once: a request that has not left yet fires no abort event.
    function onAbort() {
      xhr.abort();
      done();
      reject(abortError());
    }
    signal?.addEventListener('abort', onAbort, { once: true });

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      try {
        resolve(parseAnswer<T>(xhr.status, xhr.status >= 200 && xhr.status < 300, body));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      reject(ApiError.network(new Error('the upload failed')));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(form);
  });
}
