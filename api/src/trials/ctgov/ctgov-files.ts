import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';

/** One entry of an input file: a record to import, or why a piece of the file was skipped. */
export type FileEntry = { record: unknown } | { skip: string };

const STUDY_FILE = /\.(json|ndjson|jsonl)(\.gz)?$/i;
const GZIPPED = /\.gz$/i;
/** A data folder's index of its studies (data/ctgov/index.json), not studies. */
const INDEX_FILE = /^index\.json(\.gz)?$/i;

const gunzipAsync = promisify(gunzip);

/**
 * The study files named by these paths: files as given, folders walked for .json, .ndjson and
 * .jsonl files, each also gzip-compressed (.json.gz …), sorted. A folder's index.json lists
 * the studies of the data folder, it holds none.
 */
export function expandPaths(paths: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
      } else if (STUDY_FILE.test(name) && !INDEX_FILE.test(name)) {
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

/** The records of a study file; a name ending in .gz is gunzipped first. */
export async function readStudyFile(path: string): Promise<FileEntry[]> {
  const bytes = await readFile(path);
  const text = (GZIPPED.test(path) ? await gunzipAsync(bytes) : bytes).toString('utf8');
  return parseStudyFile(text);
}

/** readStudyFile for scripts and tests that read a few files synchronously. */
export function readStudyFileSync(path: string): FileEntry[] {
  const bytes = readFileSync(path);
  return parseStudyFile((GZIPPED.test(path) ? gunzipSync(bytes) : bytes).toString('utf8'));
}

/** Every record of these files or folders, in file order (skipped pieces left out). */
export function readStudiesSync(paths: string[]): unknown[] {
  return expandPaths(paths).flatMap((file) =>
    readStudyFileSync(file).flatMap((entry) => ('record' in entry ? [entry.record] : [])),
  );
}
