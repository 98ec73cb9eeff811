import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Injectable } from '@nestjs/common';
import { repoRoot } from '../common/repo-root';
import { expandPaths, type FileEntry, readStudyFile } from './ctgov-files';
import {
  geneMatcher,
  InvalidRecordError,
  parseGeneList,
  parseStudy,
  type TrialData,
} from './ctgov-record';
import { TrialsRepository } from './trials.repository';

export interface ImportCounts {
  new: number;
  updated: number;
  /** Skipped records by reason: 'unchanged', 'no NCT id', 'unparsable line' … */
  skipped: Record<string, number>;
}

export interface ImportReport extends ImportCounts {
  files: number;
  /** Records read, skipped ones included. */
  studies: number;
  seconds: number;
  studiesPerSecond: number;
  /** The genes.txt the gene names came from; null when none was found. */
  genesFile: string | null;
}

export interface ImportProgress {
  file: string;
  fileIndex: number;
  fileCount: number;
  /** Records of this file handled so far, and in all. */
  done: number;
  total: number;
  counts: ImportCounts;
}

export interface ImportOptions {
  /** genes.txt; by default found beside the inputs or in ../shared/data. */
  genesFile?: string;
  onProgress?: (progress: ImportProgress) => void;
  batchSize?: number;
}

const DEFAULT_BATCH = 200;

export function emptyCounts(): ImportCounts {
  return { new: 0, updated: 0, skipped: {} };
}

/** Adds one import's counts to a running total. */
export function addCounts(into: ImportCounts, more: ImportCounts): void {
  into.new += more.new;
  into.updated += more.updated;
  for (const [reason, n] of Object.entries(more.skipped)) {
    into.skipped[reason] = (into.skipped[reason] ?? 0) + n;
  }
}

/** genes.txt next to an input (or one folder up), else the shared data beside the repository. */
export function findGenesFile(paths: string[]): string | null {
  const candidates = paths.flatMap((p) => {
    const path = resolve(p);
    const dir = existsSync(path) && statSync(path).isDirectory() ? path : dirname(path);
    return [join(dir, 'genes.txt'), join(dir, '..', 'genes.txt')];
  });
  candidates.push(join(repoRoot(), '..', 'shared', 'data', 'genes.txt'));
  return candidates.find((c) => existsSync(c)) ?? null;
}

/**
 * Imports ClinicalTrials.gov API v2 records: upserts by NCT id in batches, one transaction per
 * batch. Malformed records are counted as skipped with a reason; nothing stored is deleted.
 */
@Injectable()
export class TrialsImportService {
  private readonly geneMatchers = new Map<string, ReturnType<typeof geneMatcher>>();

  constructor(private readonly trials: TrialsRepository) {}

  async importPaths(paths: string[], options: ImportOptions = {}): Promise<ImportReport> {
    const started = process.hrtime.bigint();
    const files = expandPaths(paths);
    const genesFile = options.genesFile ?? findGenesFile(paths);
    const matchGenes = this.geneMatcherFor(genesFile);
    const counts = emptyCounts();
    let studies = 0;
    for (const [fileIndex, file] of files.entries()) {
      const entries = await readStudyFile(file);
      studies += entries.length;
      const report = (done: number): void =>
        options.onProgress?.({
          file,
          fileIndex,
          fileCount: files.length,
          done,
          total: entries.length,
          counts,
        });
      await this.importEntries(entries, matchGenes, counts, options.batchSize, report);
      if (entries.length === 0) {
        report(0);
      }
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return {
      ...counts,
      files: files.length,
      studies,
      seconds,
      studiesPerSecond: seconds > 0 ? studies / seconds : 0,
      genesFile,
    };
  }

  /** Records already in memory (a page of the CT.gov API): the same upsert and counting. */
  async importRecords(records: unknown[], genesFile: string | null): Promise<ImportCounts> {
    const counts = emptyCounts();
    await this.importEntries(
      records.map((record) => ({ record })),
      this.geneMatcherFor(genesFile),
      counts,
    );
    return counts;
  }

  private async importEntries(
    entries: FileEntry[],
    matchGenes: ReturnType<typeof geneMatcher>,
    counts: ImportCounts,
    batchSize = DEFAULT_BATCH,
    onBatch?: (done: number) => void,
  ): Promise<void> {
    const skip = (reason: string): void => {
      counts.skipped[reason] = (counts.skipped[reason] ?? 0) + 1;
    };
    for (let start = 0; start < entries.length; start += batchSize) {
      const parsed: TrialData[] = [];
      for (const entry of entries.slice(start, start + batchSize)) {
        if ('skip' in entry) {
          skip(entry.skip);
          continue;
        }
        try {
          parsed.push(parseStudy(entry.record, matchGenes));
        } catch (error) {
          if (!(error instanceof InvalidRecordError)) {
            throw error;
          }
          skip(error.reason);
        }
      }
      await this.storeBatch(parsed, counts, skip);
      onBatch?.(Math.min(start + batchSize, entries.length));
    }
  }

  /** The gene list is read once per file path, not once per page or file imported. */
  private geneMatcherFor(genesFile: string | null): ReturnType<typeof geneMatcher> {
    const key = genesFile ?? '';
    let matcher = this.geneMatchers.get(key);
    if (!matcher) {
      matcher = geneMatcher(genesFile ? parseGeneList(readFileSync(genesFile, 'utf8')) : []);
      this.geneMatchers.set(key, matcher);
    }
    return matcher;
  }

  private async storeBatch(
    parsed: TrialData[],
    counts: ImportCounts,
    skip: (reason: string) => void,
  ): Promise<void> {
    // The same study twice in one batch: the later record wins.
    const latest = new Map<string, TrialData>();
    for (const trial of parsed) {
      if (latest.has(trial.nctId)) {
        skip('duplicate');
      }
      latest.set(trial.nctId, trial);
    }
    const stored = new Map(
      (await this.trials.findVersionsByNctIds([...latest.keys()])).map((v) => [v.nctId, v]),
    );
    const changed: TrialData[] = [];
    for (const trial of latest.values()) {
      const before = stored.get(trial.nctId);
      if (!before) {
        counts.new++;
        changed.push(trial);
      } else if (
        before.lastUpdateDate === trial.lastUpdateDate &&
        before.sourceVersion === trial.sourceVersion
      ) {
        skip('unchanged');
      } else {
        counts.updated++;
        changed.push(trial);
      }
    }
    await this.trials.upsertWithSites(changed);
  }

  countTrials(): Promise<number> {
    return this.trials.countAll();
  }
}
