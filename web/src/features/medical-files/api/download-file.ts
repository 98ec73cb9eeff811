import { downloadAllFiles, downloadFile } from '@/api/sdk.gen';

/** Hands a blob to the browser as a download under this name. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The name the API gave in Content-Disposition (filename* first), else the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) {
    return fallback;
  }
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

/** GET /api/files/{requestId}/{fileId} with the product token, saved under the file's name. */
export async function saveFile(requestId: string, fileId: string, name: string): Promise<void> {
  const { data, response } = await downloadFile({
    path: { requestId, fileId },
    parseAs: 'blob',
    throwOnError: true,
  });
  save(data, attachmentName(response.headers.get('content-disposition'), name));
}

/** GET /api/files/{requestId}/zip, saved as medical-files-{ISO timestamp}.zip. */
export async function saveAllFiles(requestId: string): Promise<void> {
  const { data, response } = await downloadAllFiles({
    path: { requestId },
    parseAs: 'blob',
    throwOnError: true,
  });
  save(data, attachmentName(response.headers.get('content-disposition'), 'medical-files.zip'));
}
