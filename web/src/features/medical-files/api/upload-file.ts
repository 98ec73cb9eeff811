import type { MedicalFileResponseDto } from '@/api/types.gen';
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

/**
 * POST /api/files/{requestId} with one file, reporting progress (0–1). The generated client
 * speaks fetch, which cannot report upload progress, so this one call uses XMLHttpRequest, with
 * the same URL and bearer token as the generated uploadFiles.
 */
export function uploadFile(
  requestId: string,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<MedicalFileResponseDto[]>((resolve, reject) => {
    xhr.open('POST', `/api/files/${encodeURIComponent(requestId)}`);
    xhr.setRequestHeader('Authorization', `Bearer ${readItem(STORAGE_KEYS.accessToken) ?? ''}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(event.loaded / event.total);
      }
    };
    xhr.onload = () => {
      const body = xhr.response as { message?: unknown } | MedicalFileResponseDto[] | null;
      if (xhr.status === 201 && Array.isArray(body)) {
        onProgress(1);
        resolve(body);
        return;
      }
      const message =
        body && !Array.isArray(body) && typeof body.message === 'string' ? body.message : '';
      reject(new UploadError(xhr.status, message));
    };
    xhr.onerror = () => reject(new UploadError(0, ''));
    xhr.onabort = () => reject(new UploadError(0, 'aborted'));
    const form = new FormData();
    form.append('files', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
