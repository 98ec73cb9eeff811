import { randomUUID } from 'node:crypto';

export type Part =
  | { field: string; value: string }
  | { field: string; filename: string; content: Buffer; type?: string; encoded?: boolean };

/**
 * A multipart/form-data body written byte for byte, so a test can send file names that form
 * libraries would clean up first (a path, a NUL, a name of 300 bytes).
 */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----trialflow${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      // encoded: RFC 5987 filename*, which can carry any byte (a NUL) as %XX.
      const name = part.encoded
        ? `filename*=UTF-8''${encodeURIComponent(part.filename)}`
        : `filename="${part.filename.replace(/"/g, '%22')}"`;
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.field}"; ${name}\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
