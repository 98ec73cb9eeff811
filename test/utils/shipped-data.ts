import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readStudiesSync } from '../../api/src/trials/ctgov/ctgov-files';

/** The ClinicalTrials.gov records and gene list shipped in the repository (data/README.md). */
export const DATA_DIR = resolve(__dirname, '..', '..', 'data');
/** 269 full API v2 records, gzipped, with their index.json. */
export const CTGOV_DIR = join(DATA_DIR, 'ctgov');
/** 588 more records; 459 of them a field-limited export whose sites carry no geoPoint. */
export const CTGOV_EXTRA_DIR = join(DATA_DIR, 'ctgov-extra');
export const GENES_FILE = join(DATA_DIR, 'genes.txt');

/** An index.json entry (the data collector's, see data/README.md). */
export interface IndexEntry {
  nctId: string;
  file: string;
  conditions: string[];
  panTumorConditionsOnly: boolean;
  overallStatus: string;
  /** ctgov-extra only. */
  locations?: number;
  locationsWithGeoPoint?: number;
}

/** The index.json of a shipped folder: one entry per study. */
export function readIndex(dir: string): IndexEntry[] {
  return JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as IndexEntry[];
}

/** Every study record of a shipped folder (its .json.gz files), in file order. */
export function readStudies<T = unknown>(dir: string): T[] {
  return readStudiesSync([dir]) as T[];
}
