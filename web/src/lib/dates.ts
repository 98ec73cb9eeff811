function parts(value: string | number | Date): [string, string, string] | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    return null;
  }
  // The reader's own calendar day: a request sent at 23:30 in Berlin is that day there.
  return [
    String(date.getDate()).padStart(2, '0'),
    String(date.getMonth() + 1).padStart(2, '0'),
    String(date.getFullYear()),
  ];
}

/** dd/mm/yyyy, zero padded (spec 01 §9: lists and notifications); '' for a missing date. */
export function formatDayMonthYear(value: string | number | Date | null | undefined): string {
  const p = value === null || value === undefined ? null : parts(value);
  return p ? p.join('/') : '';
}

/** dd-mm-yyyy: the facility board's 'Date Updated' (spec 01 §2, day-month-year). */
export function formatBoardDate(value: string | number | Date | null | undefined): string {
  const p = value === null || value === undefined ? null : parts(value);
  return p ? p.join('-') : '';
}

/** dd/mm/yyyy hh:mm for a timeline, where the order within a day matters. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) {
    return '';
  }
  const date = value instanceof Date ? value : new Date(value);
  const day = formatDayMonthYear(date);
  if (!day) {
    return '';
  }
  const hh = String(date.getHours()).padStart(2, '0');
  const mm = String(date.getMinutes()).padStart(2, '0');
  return `${day} ${hh}:${mm}`;
}
