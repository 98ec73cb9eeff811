import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { formatImportReport } from './import-report';
import { TrialsImportService } from './trials-import.service';

/**
 * With TRIALS_IMPORT_DIR set, fills an empty trial table at start (after the migrations), in
 * the background so the health check answers at once. A failure is logged, never fatal.
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
      this.running = this.run(dir);
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
        this.logger.log(`${stored} trials stored; TRIALS_IMPORT_DIR import skipped`);
        return;
      }
      this.logger.log(`Importing trials from ${dir}`);
      const report = await this.importer.importPaths([dir]);
      this.logger.log(`Trial import done: ${formatImportReport(report)}`);
    } catch (error) {
      this.logger.error(
        `Trial import from ${dir} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
