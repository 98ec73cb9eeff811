/** What the modal checks before sending (spec 01 §5); the API checks the same again. */
export interface FileLimits {
  maxFiles: number;
  maxUploadBytes: number;
}

export type SelectionProblem = 'required' | 'tooManyFiles' | 'tooLarge';

/** The picker's hint: the spec's formats and their newer Office siblings. */
export const ACCEPT_ATTRIBUTE = '.doc,.docx,.jpg,.jpeg,.pdf,.png,.txt,.xls,.xlsx';

/**
 * Whether these files may be added to those already in the modal: none at all, more than the
 * maximum, or a total over the size limit (spec 01 §5: the check is on the total).
 */
export function selectionProblem(
  adding: readonly File[],
  already: readonly File[],
  limits: FileLimits,
): SelectionProblem | null {
  if (adding.length === 0) {
    return 'required';
  }
  const all = [...already, ...adding];
  if (all.length > limits.maxFiles) {
    return 'tooManyFiles';
  }
  if (all.reduce((sum, f) => sum + f.size, 0) > limits.maxUploadBytes) {
    return 'tooLarge';
  }
  return null;
}

/** Size in KB rounded up (spec 01 §9): 1 byte is 1 KB, 1024 bytes are 1 KB, 1025 are 2. */
export function sizeInKb(bytes: number): number {
  return Math.ceil(bytes / 1024);
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

/** en-GB long form (spec 01 §9), e.g. "23 November 2026", in every language. */
export function fileDate(iso: string): string {
  return LONG_DATE.format(new Date(iso));
}

/** The limit as the spec's label says it: 100000000 → 100 (MB). */
export function megabytes(bytes: number): number {
  return Math.round(bytes / 1_000_000);
}
