import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONDITION_KEYS, type ConditionKey } from '@trialflow/contract';
import type { Env } from '../../config/env';
import { ENV } from '../../config/env.token';
import {
  CtgovRequestError,
  fetchStudiesPage,
  RequestSpacer,
  sleep,
  type StudiesPage,
  studiesUrl,
} from './ctgov-sync-client';
import type { CtgovSyncState } from './ctgov-sync-state.entity';
import { CtgovSyncRepository } from './ctgov-sync.repository';
import { formatSkipped } from '../import-report';
import {
  addCounts,
  emptyCounts,
  findGenesFile,
  type ImportCounts,
  TrialsImportService,
} from '../trials-import.service';

export interface CtgovSyncOptions {
  /** All 17 by default. */
  conditions?: readonly ConditionKey[];
  pageSize?: number;
  /** First back-off before a retry; doubled for each further try. */
  retryDelayMs?: number;
  onProgress?: (progress: CtgovSyncProgress) => void;
  /** Stops the run after the page under way, keeping the checkpoint. */
  signal?: AbortSignal;
}

export interface CtgovSyncProgress {
  condition: ConditionKey;
  /** Pages of this condition fetched in this run. */
  page: number;
  /** Studies of this condition received in this run, and in all (when the API said). */
  received: number;
  totalCount: number | null;
  resumed: boolean;
  incrementalSince: string | null;
  counts: ImportCounts;
}

export type CtgovSyncStatus = 'completed' | 'failed' | 'aborted' | 'already-running';

export interface CtgovSyncResult {
  status: CtgovSyncStatus;
  counts: ImportCounts;
  /** Study records received. */
  studies: number;
  requests: number;
  /** Conditions whose sync finished in this run. */
  conditionsDone: number;
  error: string | null;
  seconds: number;
}

export const CTGOV_PAGE_SIZE = 100;
const TRIES = 3;
const RETRY_DELAY_MS = 2_000;

function utcDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function formatSyncResult(r: CtgovSyncResult): string {
  return (
    `${r.status}: ${r.counts.new} new, ${r.counts.updated} updated, ${formatSkipped(r.counts.skipped)}; ` +
    `${r.studies} studies in ${r.requests} requests, ${r.conditionsDone} conditions done, ` +
    `${r.seconds.toFixed(1)} s${r.error ? `; ${r.error}` : ''}`
  );
}

/** A run stopped by a page that kept failing. */
class PageFailedError extends Error {}

/**
 * Pulls the recruiting and not-yet-recruiting studies of the product's conditions from the
 * ClinicalTrials.gov API v2 into the trial store through the import service (upsert by NCT id).
 * One run at a time across replicas (advisory lock); each condition keeps a checkpoint, so a
 * run stopped by a failing page resumes there, and a finished condition is later synced
 * incrementally (studies updated since its last finished run started).
 */
@Injectable()
export class CtgovSyncService {
  private readonly logger = new Logger(CtgovSyncService.name);
  private readonly spacer: RequestSpacer;
  private readonly genesFile = findGenesFile([]);

  constructor(
    private readonly importer: TrialsImportService,
    private readonly states: CtgovSyncRepository,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.spacer = new RequestSpacer(env.CTGOV_REQUESTS_PER_MINUTE);
  }

  async run(options: CtgovSyncOptions = {}): Promise<CtgovSyncResult> {
    const started = Date.now();
    const result: CtgovSyncResult = {
      status: 'completed',
      counts: emptyCounts(),
      studies: 0,
      requests: 0,
      conditionsDone: 0,
      error: null,
      seconds: 0,
    };
    const release = await this.states.tryLock();
    if (!release) {
      this.logger.warn('ClinicalTrials.gov sync already running (another process holds the lock)');
      result.status = 'already-running';
      return result;
    }
    try {
      for (const condition of options.conditions ?? CONDITION_KEYS) {
        if (options.signal?.aborted) {
          result.status = 'aborted';
          break;
        }
        if (await this.syncCondition(condition, options, result)) {
          result.conditionsDone++;
        } else {
          result.status = 'aborted';
          break;
        }
      }
    } catch (error) {
      result.status = 'failed';
      result.error = error instanceof Error ? error.message : String(error);
    } finally {
      await release();
    }
    result.seconds = (Date.now() - started) / 1000;
    const summary = `ClinicalTrials.gov sync ${formatSyncResult(result)}`;
    if (result.status === 'failed') {
      this.logger.error(summary);
    } else {
      this.logger.log(summary);
    }
    return result;
  }

  /** True when the condition's sync finished; false when aborted. Throws when a page failed. */
  private async syncCondition(
    condition: ConditionKey,
    options: CtgovSyncOptions,
    result: CtgovSyncResult,
  ): Promise<boolean> {
    const state: CtgovSyncState = (await this.states.findState(condition)) ?? {
      condition,
      pageToken: null,
      startedAt: null,
      finishedAt: null,
      lastCompletedSyncDate: null,
    };
    // An unfinished run resumes at its page with the filter it started with.
    const resumed = state.startedAt !== null && state.finishedAt === null;
    if (!resumed) {
      state.startedAt = new Date();
      state.finishedAt = null;
      state.pageToken = null;
      await this.states.saveState(state);
    }
    const counts = emptyCounts();
    let totalCount: number | null = null;
    let received = 0;
    for (let page = 1; ; page++) {
      if (options.signal?.aborted) {
        return false;
      }
      const url = studiesUrl(this.env.CTGOV_API_URL, {
        condition,
        pageSize: options.pageSize ?? CTGOV_PAGE_SIZE,
        pageToken: state.pageToken,
        updatedSince: state.lastCompletedSyncDate,
      });
      const body = await this.fetchWithRetry(url, condition, options, result);
      totalCount ??= body.totalCount;
      received += body.studies.length;
      result.studies += body.studies.length;
      if (body.studies.length > 0) {
        const report = await this.importer.importRecords(body.studies, this.genesFile);
        addCounts(counts, report);
        addCounts(result.counts, report);
      }
      if (body.nextPageToken) {
        state.pageToken = body.nextPageToken;
      } else {
        state.pageToken = null;
        state.finishedAt = new Date();
        state.lastCompletedSyncDate = utcDate(state.startedAt!);
      }
      // Saved only once the page is stored: a failure in between fetches the page again.
      await this.states.saveState(state);
      options.onProgress?.({
        condition,
        page,
        received,
        totalCount,
        resumed,
        incrementalSince: state.lastCompletedSyncDate,
        counts,
      });
      if (!body.nextPageToken) {
        return true;
      }
    }
  }

  private async fetchWithRetry(
    url: string,
    condition: ConditionKey,
    options: CtgovSyncOptions,
    result: CtgovSyncResult,
  ): Promise<StudiesPage> {
    const baseDelay = options.retryDelayMs ?? RETRY_DELAY_MS;
    for (let attempt = 1; ; attempt++) {
      await this.spacer.wait();
      result.requests++;
      try {
        return await fetchStudiesPage(url);
      } catch (error) {
        if (!(error instanceof CtgovRequestError)) {
          throw error;
        }
        if (!error.retryable || attempt >= TRIES) {
          throw new PageFailedError(
            `page of ${condition} failed after ${attempt} tr${attempt === 1 ? 'y' : 'ies'}: ` +
              `${error.message}; the next run resumes there`,
          );
        }
        const delay = Math.max(
          baseDelay * 2 ** (attempt - 1),
          Math.min((error.retryAfterSeconds ?? 0) * 1000, 60_000),
        );
        this.logger.warn(`ClinicalTrials.gov ${condition}: ${error.message}; retry in ${delay} ms`);
        await sleep(delay);
      }
    }
  }
}
