import { create as contentDisposition } from 'content-disposition';

/** Longest accepted original name, in UTF-8 bytes (what most file systems allow). */
export const MAX_FILE_NAME_BYTES = 255;

export type FileNameProblem = 'required' | 'tooLong' | 'path' | 'controlCharacter';

/**
 * Why an uploaded file's name is refused, or null when it is fine. A name is only a label (the
 * stored key is generated), but a name with a path in it says a client is trying something.
 */
export function fileNameProblem(name: string): FileNameProblem | null {
  if (name.trim() === '') {
    return 'required';
  }
  if (Buffer.byteLength(name, 'utf8') > MAX_FILE_NAME_BYTES) {
    return 'tooLong';
  }
  if (name.includes('/') || name.includes('\\') || name === '.' || name === '..') {
    return 'path';
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return 'controlCharacter';
  }
  return null;
}

/**
 * The name shown in lists and sent in Content-Disposition: NFC, without bidirectional overrides
 * or zero-width characters that could make "exe.pdf" look like something else, spaces collapsed.
 */
export function displayName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? 'file' : cleaned;
}

/** `attachment; filename="…"; filename*=UTF-8''…` — quoted and encoded, never raw. */
export function attachmentHeader(name: string): string {
  return contentDisposition(displayName(name), { type: 'attachment' });
}

/** The download-all zip's name: a prefix plus an ISO timestamp (spec 01 §9). */
export function zipName(now: Date): string {
  return `medical-files-${now.toISOString().replace(/[:.]/g, '-')}.zip`;
}
