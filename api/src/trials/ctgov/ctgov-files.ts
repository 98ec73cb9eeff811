import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** One entry of an input file: a record to import, or why a piece of the file was skipped. */
export type FileEntry = { record: unknown } | { skip: string };

const STUDY_FILE = /\.(json|ndjson|jsonl)$/i;

/**
 * The study files named by these paths: files as given, folders walked for .json, .ndjson and
 * .jsonl files (sorted). A folder's index.json is the shared data's index, not studies.
 */
export function expandPaths(paths: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
      } else if (STUDY_FILE.test(name) && name !== 'index.json') {
        files.push(path);
      }
    }
  };
  for (const p of paths) {
    const path = resolve(p);
    if (statSync(path).isDirectory()) {
      walk(path);
    } else {
      files.push(path);
    }
  }
  return files;
}

/**
 * The records of a ClinicalTrials.gov API v2 file: a JSON array of studies, a
 * `{ studies: [...] }` page, a single study, or one study per line (NDJSON).
 */
export function parseStudyFile(text: string): FileEntry[] {
  const trimmed = text.trim();
  if (trimmed === '') {
    return [];
  }
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch {
    if (trimmed.startsWith('[')) {
      return [{ skip: 'unparsable file' }];
    }
    return parseLines(trimmed);
  }
  if (Array.isArray(whole)) {
    return (whole as unknown[]).map((record) => ({ record }));
  }
  const studies = (whole as { studies?: unknown } | null)?.studies;
  if (Array.isArray(studies)) {
    return (studies as unknown[]).map((record) => ({ record }));
  }
  return [{ record: whole }];
}

function parseLines(text: string): FileEntry[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return { record: JSON.parse(line) as unknown };
      } catch {
        return { skip: 'unparsable line' };
      }
    });
}

export async function readStudyFile(path: string): Promise<FileEntry[]> {
  return parseStudyFile(await readFile(path, 'utf8'));
}
