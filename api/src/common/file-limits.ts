/** At most this many files in one upload (spec 01 §5, §9). */
export const MAX_FILES_PER_UPLOAD = 10;

/** The accepted kinds of medical file, decided by content (spec 01 §5 plus DOCX and XLSX). */
export const ACCEPTED_FILE_KINDS = [
  'doc',
  'docx',
  'jpg',
  'pdf',
  'png',
  'txt',
  'xls',
  'xlsx',
] as const;
