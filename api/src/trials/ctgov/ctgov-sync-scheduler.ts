import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { Env } from '../../config/env';
import { ENV } from '../../config/env.token';
import { CtgovSyncService } from './ctgov-sync.service';

/** The next time it is `hour`:00 UTC, strictly after `now`. */
export function nextSyncTime(now: Date, hour: number): Date {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, 0, 0, 0),
  );
  if (next.getTime() <= now.getTime()) {
    next.setUTCDate(next.getUTCDate() + 1);
  }
  return next;
}

/**
 * With CTGOV_SYNC=true, runs the ClinicalTrials.gov sync daily at CTGOV_SYNC_HOUR (UTC) with a
 * plain timer. Every replica schedules it; the advisory lock lets one of them run it. Shutdown
 * clears the timer and stops a run under way after its current page.
 */
@Injectable()
export class CtgovSyncScheduler
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(CtgovSyncScheduler.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private next: Date | null = null;

  constructor(
    private readonly sync: CtgovSyncService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.CTGOV_SYNC) {
      this.schedule();
    }
  }

  /** When the next daily run starts; null when the sync is off or shutting down. */
  nextRunAt(): Date | null {
    return this.next;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopTimer();
    this.abort.abort();
    await this.running;
  }

  onApplicationShutdown(): void {
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.timer = null;
    this.next = null;
  }

  private schedule(): void {
    if (this.abort.signal.aborted) {
      return;
    }
    this.next = nextSyncTime(new Date(), this.env.CTGOV_SYNC_HOUR);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.runOnce().finally(() => {
        this.running = null;
        this.schedule();
      });
    }, this.next.getTime() - Date.now());
    this.logger.log(`Next ClinicalTrials.gov sync at ${this.next.toISOString()}`);
  }

  private async runOnce(): Promise<void> {
    try {
      await this.sync.run({ signal: this.abort.signal });
    } catch (error) {
      this.logger.error(
        `ClinicalTrials.gov sync failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
