/**
 * ClinicalTrials.gov writes its free texts (summaries, eligibility criteria) as Markdown, with
 * backslash escapes ("\[", "\<") and, in some records, HTML entities ("&lt;6 months"). Shown as
 * plain text those read as "\&lt;6"; this turns them back into the characters they stand for.
 * React escapes what it renders, so a decoded "<" stays text.
 */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  le: '≤',
  ge: '≥',
};

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code = /^#x/i.test(name)
      ? Number.parseInt(name.slice(2), 16)
      : Number.parseInt(name.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : entity;
  }
  return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
}

export function registryText(text: string): string {
  return (
    text
      // Markdown escapes any ASCII punctuation with a backslash.
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
      // One pass, so "&amp;lt;" stays the text "&lt;".
      .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, decodeEntity)
  );
}
