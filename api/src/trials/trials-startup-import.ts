import { basename, resolve } from 'node:path';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { repoRoot } from '../common/repo-root';
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
 * the records shipped in data/, or a hospital's own folder; empty turns it off. It runs in the
 * background so the health check answers at once, and logs a line per file. A failure is
 * logged, never fatal.
 */
@Injectable()
export class TrialsStartupImport implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TrialsStartupImport.name);
  private running: Promise<void> | null = null;

  constructor(
    private readonly importer: TrialsImportService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    const dir = this.env.TRIALS_IMPORT_DIR;
    if (dir) {
      // Relative to the repository root, as WEB_DIST_DIR: npm start may run from any folder.
      this.running = this.run(resolve(repoRoot(), dir));
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
      this.logger.log(`Trial import done: ${formatImportReport(report)}`);
    } catch (error) {
      this.logger.error(
        `Trial import from ${dir} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
