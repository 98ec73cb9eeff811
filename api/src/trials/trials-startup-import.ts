import { basename, resolve } from 'node:path';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { repoRoot } from '../common/repo-root';
import { RULES_ENGINE_VERSION } from '../eligibility/extract-rules';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { formatImportReport } from './import-report';
import { type ImportProgress, TrialsImportService } from './trials-import.service';

/** A log line per imported file: '[3/15] NAME.json.gz: 100 records (so far 250 new, 0 updated)'. */
export function formatImportProgress(p: ImportProgress): string {
  return (
    `Trial import [${p.fileIndex + 1}/${p.fileCount}] ${basename(p.file)}: ${p.total} records ` +
    `(so far ${p.counts.new} new, ${p.counts.updated} updated)`
  );
}

/**
 * Fills an empty trial table at start (after the migrations) from TRIALS_IMPORT_DIR: by default
 * the records shipped in data/, or a hospital's own folder; empty turns it off. When trials are
 * stored whose rules an older extraction read (RULES_ENGINE_VERSION, issue 14), it derives every
 * trial's rules again instead, as `npm run trials:rules` does. Both run in the background so the
 * health check answers at once, and log what they did. A failure is logged, never fatal.
 */
@Injectable()
export class TrialsStartupImport implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TrialsStartupImport.name);
  private running: Promise<void> | null = null;

  constructor(
    private readonly importer: TrialsImportService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const dir = this.env.TRIALS_IMPORT_DIR;
    if (dir) {
      // Relative to the repository root, as WEB_DIST_DIR: npm start may run from any folder.
      this.running = this.run(resolve(repoRoot(), dir));
      return;
    }
    // Checked before the app answers (two queries): trials stored after the start are read by
    // this extraction and are never derived again by it.
    if (await this.rulesOutdated()) {
      this.running = this.rederive().then(() => undefined);
    }
  }

  /**
   * Derives the stored trials' rules again when an older extraction read them (an upgrade of
   * the patterns); returns what changed, or null when the rules were current. Never throws.
   */
  async rederiveIfEngineChanged(): Promise<{ trials: number; changed: number } | null> {
    return (await this.rulesOutdated()) ? this.rederive() : null;
  }

  /** Whether stored rules were read by an older extraction; an empty store is marked current. */
  private async rulesOutdated(): Promise<boolean> {
    try {
      const stored = await this.importer.rulesEngineVersion();
      if (stored >= RULES_ENGINE_VERSION) {
        return false;
      }
      if ((await this.importer.countTrials()) === 0) {
        await this.importer.markRulesCurrent();
        return false;
      }
      this.logger.log(
        `Stored eligibility rules were read by extraction version ${stored}, this is ` +
          `${RULES_ENGINE_VERSION}: deriving them again in the background`,
      );
      return true;
    } catch (error) {
      this.logger.error(
        `Checking the eligibility rules' version failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }

  private async rederive(): Promise<{ trials: number; changed: number } | null> {
    try {
      const result = await this.importer.rederiveRules();
      this.logger.log(
        `Eligibility rules derived again: ${result.trials} trials read, ${result.changed} changed`,
      );
      return result;
    } catch (error) {
      this.logger.error(
        `Deriving the eligibility rules again failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }

  /** Resolves when the start-up import (if any) has finished or failed. */
  whenDone(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.whenDone();
  }

  private async run(dir: string): Promise<void> {
    try {
      const stored = await this.importer.countTrials();
      if (stored > 0) {
        this.logger.log(`${stored} trials stored; start-up import from ${dir} skipped`);
        await this.rederiveIfEngineChanged();
        return;
      }
      this.logger.log(`Importing trials from ${dir} in the background`);
      const report = await this.importer.importPaths([dir], {
        onProgress: (p) => {
          if (p.done === p.total) {
            this.logger.log(formatImportProgress(p));
          }
        },
      });
      // Every stored trial was just read by this extraction.
      await this.importer.markRulesCurrent();
      this.logger.log(`Trial import done: ${formatImportReport(report)}`);
    } catch (error) {
      this.logger.error(
        `Trial import from ${dir} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
