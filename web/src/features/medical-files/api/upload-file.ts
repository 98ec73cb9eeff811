import type { MedicalFileResponseDto } from '@/api/types.gen';
import { needsRefresh, refreshProductSession } from '@/lib/product-session';
import { readItem, STORAGE_KEYS } from '@/lib/storage';

/** Why an upload failed: the API's message when it gave one (400, 413, 503). */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadHandle {
  done: Promise<MedicalFileResponseDto[]>;
  abort: () => void;
}

interface Answer {
  status: number;
  body: { message?: unknown } | MedicalFileResponseDto[] | null;
}

/**
 * POST /api/files/{requestId} with one file, reporting progress (0–1). The generated client
 * speaks fetch, which cannot report upload progress, so this one call uses XMLHttpRequest, with
 * the same URL and bearer token as the generated uploadFiles, and the same session handling:
 * the product token is refreshed first when it is about to expire, and an upload refused with
 * 401 while a refresh token is stored is sent once more with the token the refresh gives.
 */
export function uploadFile(
  requestId: string,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle {
  let current: XMLHttpRequest | null = null;
  let aborted = false;

  const send = (token: string | null): Promise<Answer> =>
    new Promise<Answer>((resolve, reject) => {
      if (aborted) {
        reject(new UploadError(0, 'aborted'));
        return;
      }
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open('POST', `/api/files/${encodeURIComponent(requestId)}`);
      xhr.setRequestHeader('Authorization', `Bearer ${token ?? ''}`);
      xhr.responseType = 'json';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress(event.loaded / event.total);
        }
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as Answer['body'] });
      xhr.onerror = () => reject(new UploadError(0, ''));
      xhr.onabort = () => reject(new UploadError(0, 'aborted'));
      const form = new FormData();
      form.append('files', file, file.name);
      xhr.send(form);
    });

  const done = (async () => {
    const token = needsRefresh()
      ? ((await refreshProductSession()) ?? readItem(STORAGE_KEYS.accessToken))
      : readItem(STORAGE_KEYS.accessToken);
    let answer = await send(token);
    if (answer.status === 401 && token && readItem(STORAGE_KEYS.refreshToken)) {
      // The token expired on the way (a long upload, a sleeping laptop): once more, refreshed.
      const next = await refreshProductSession();
      if (next) {
        onProgress(0);
        answer = await send(next);
      }
    }
    const { status, body } = answer;
    if (status === 201 && Array.isArray(body)) {
      onProgress(1);
      return body;
    }
    const message =
      body && !Array.isArray(body) && typeof body.message === 'string' ? body.message : '';
    throw new UploadError(status, message);
  })();
  return {
    done,
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}
