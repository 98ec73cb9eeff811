import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { repoRoot } from '../common/repo-root';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { PlacesService } from '../places/places.service';
import { applyCuration, type Curation, parseCurationFile } from '../eligibility/curation';
import { RULES_ENGINE_VERSION } from '../eligibility/extract-rules';
import { expandPaths, type FileEntry, readStudyFile } from './ctgov/ctgov-files';
import { geneMatcher, parseGeneList } from './ctgov/ctgov-classify';
import { InvalidRecordError, nctIdOf, parseStudy, type TrialData } from './ctgov/ctgov-record';
import { SearchIndexService } from '../search/index/search-index.service';
import { TrialsRepository } from './trials.repository';

export interface ImportCounts {
  new: number;
  updated: number;
  /** Sites of the stored trials without coordinates that got their city's from the gazetteer. */
  approximateSites: number;
  /** Sites of the stored trials left without coordinates (no such city in the gazetteer). */
  unlocatedSites: number;
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
  /** genes.txt; by default found beside the inputs, else the one shipped in data/. */
  genesFile?: string;
  onProgress?: (progress: ImportProgress) => void;
  batchSize?: number;
}

const DEFAULT_BATCH = 500;
const FIRST_BATCH = 100;
/** How long extraction runs before it lets pending database replies through. */
const YIELD_EVERY_MS = 2;

export function emptyCounts(): ImportCounts {
  return { new: 0, updated: 0, approximateSites: 0, unlocatedSites: 0, skipped: {} };
}

/** Adds one import's counts to a running total. */
export function addCounts(into: ImportCounts, more: ImportCounts): void {
  into.new += more.new;
  into.updated += more.updated;
  into.approximateSites += more.approximateSites;
  into.unlocatedSites += more.unlocatedSites;
  for (const [reason, n] of Object.entries(more.skipped)) {
    into.skipped[reason] = (into.skipped[reason] ?? 0) + n;
  }
}

/** The gene list shipped with the repository. */
export const SHIPPED_GENES_FILE = join('data', 'genes.txt');

/** genes.txt next to an input (or one folder up), else the one shipped in data/. */
export function findGenesFile(paths: string[]): string | null {
  const candidates = paths.flatMap((p) => {
    const path = resolve(p);
    const dir = existsSync(path) && statSync(path).isDirectory() ? path : dirname(path);
    return [join(dir, 'genes.txt'), join(dir, '..', 'genes.txt')];
  });
  candidates.push(join(repoRoot(), SHIPPED_GENES_FILE));
  return candidates.find((c) => existsSync(c)) ?? null;
}

/**
 * Imports ClinicalTrials.gov API v2 records: upserts by NCT id in batches, one transaction per
 * batch. Malformed records are counted as skipped with a reason; nothing stored is deleted.
 */
@Injectable()
export class TrialsImportService {
  private readonly geneMatchers = new Map<string, ReturnType<typeof geneMatcher>>();

  constructor(
    private readonly trials: TrialsRepository,
    @Optional() @Inject(ENV) private readonly env?: Pick<Env, 'TRIALS_CURATION_FILE'>,
    @Optional() private readonly searchIndex?: SearchIndexService,
    @Optional() private readonly places?: PlacesService,
  ) {}

  /**
   * The curation file (TRIALS_CURATION_FILE), read at each import so an edit applies without a
   * restart; an unreadable or invalid file stops the import with a message naming the problem.
   */
  loadCuration(): Curation | null {
    const file = this.env?.TRIALS_CURATION_FILE;
    if (!file) {
      return null;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(
        `TRIALS_CURATION_FILE ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        { cause: error },
      );
    }
    return parseCurationFile(text, file);
  }

  /**
   * Derives the rules of every stored trial again from its raw record, with the curation file
   * applied: after editing that file or upgrading the extraction. Returns how many changed.
   */
  async rederiveRules(
    onProgress?: (done: number, total: number) => void,
  ): Promise<{ trials: number; changed: number }> {
    const curation = this.loadCuration();
    const matchGenes = this.geneMatcherFor(findGenesFile([]));
    const total = await this.trials.countAll();
    let done = 0;
    let changed = 0;
    for await (const batch of this.trials.rawBatches(500)) {
      const updates: { id: number; rules: TrialData['rules'] }[] = [];
      for (const { id, raw, rules } of batch) {
        let next: TrialData['rules'];
        try {
          next = parseStudy(raw, matchGenes).rules;
        } catch {
          continue;
        }
        const trial = { nctId: String(nctIdOf(raw)), rules: next };
        const curated = curation ? applyCuration(trial.nctId, trial.rules, curation) : trial.rules;
        // Compared as stored: JSON drops undefined properties, jsonb reorders keys.
        if (!isDeepStrictEqual(JSON.parse(JSON.stringify(curated)), rules)) {
          updates.push({ id, rules: curated });
        }
      }
      await this.trials.updateRules(updates);
      changed += updates.length;
      done += batch.length;
      onProgress?.(done, total);
    }
    if (changed > 0) {
      this.searchIndex?.markStale();
    }
    await this.trials.setRulesEngineVersion(RULES_ENGINE_VERSION);
    return { trials: done, changed };
  }

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
    const curation = this.loadCuration();
    // Extraction (this process) and writing (Postgres) overlap: batch N+1 is parsed while batch
    // N is written. Batches are still written one after the other, in order, so a study that
    // appears twice is compared with what the earlier batch stored.
    let writing: Promise<void> = Promise.resolve();
    // The first batch is small so Postgres starts writing early; the rest are batchSize.
    for (let start = 0, size = Math.min(batchSize, FIRST_BATCH); start < entries.length;) {
      const end = Math.min(start + size, entries.length);
      const parsed: TrialData[] = [];
      let slice = performance.now();
      for (const entry of entries.slice(start, end)) {
        // Let the previous batch's queries move on between records: parsing is synchronous.
        if (performance.now() - slice > YIELD_EVERY_MS) {
          await setImmediate();
          slice = performance.now();
        }
        if ('skip' in entry) {
          skip(entry.skip);
          continue;
        }
        try {
          const trial = parseStudy(entry.record, matchGenes);
          if (curation) {
            trial.rules = applyCuration(trial.nctId, trial.rules, curation);
          }
          parsed.push(trial);
        } catch (error) {
          if (!(error instanceof InvalidRecordError)) {
            throw error;
          }
          skip(error.reason);
        }
      }
      await writing;
      const done = end;
      start = end;
      size = batchSize;
      writing = this.storeBatch(parsed, counts, skip).then(() => onBatch?.(done));
      // A failed write must not go unobserved while the next batch is parsed.
      writing.catch(() => undefined);
    }
    await writing;
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
    await this.locateSites(changed, counts);
    await this.trials.upsertWithSites(changed);
    if (changed.length > 0) {
      this.searchIndex?.markStale();
    }
  }

  /**
   * Sites the record gives no coordinates get their city's from the gazetteer (by city, state
   * and country), marked approximate, so radius search finds them. Without the places module
   * (a bare importer) they stay without.
   */
  private async locateSites(trials: TrialData[], counts: ImportCounts): Promise<void> {
    const sites = trials.flatMap((t) => t.sites.filter((s) => s.lat === null || s.lon === null));
    if (sites.length === 0) {
      return;
    }
    const found = this.places ? await this.places.locateCities(sites) : [];
    sites.forEach((site, i) => {
      const at = found[i];
      if (at) {
        site.lat = at.lat;
        site.lon = at.lon;
        site.approximateLocation = true;
        counts.approximateSites++;
      } else {
        counts.unlocatedSites++;
      }
    });
  }

  countTrials(): Promise<number> {
    return this.trials.countAll();
  }

  /** The extraction version the stored rules were read with (0: not known). */
  rulesEngineVersion(): Promise<number> {
    return this.trials.rulesEngineVersion();
  }

  /** Records that every stored trial's rules were read by this code's extraction. */
  markRulesCurrent(): Promise<void> {
    return this.trials.setRulesEngineVersion(RULES_ENGINE_VERSION);
  }
}
