import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { STORAGE, type StorageDriver } from './storage/storage-driver';

/** How often the queue is looked at; a deleted account's files leave the store within this. */
export const SWEEP_INTERVAL_MS = 60_000;

/** Queue rows claimed per transaction. */
const SWEEP_BATCH = 100;

/** The longest wait before a failed deletion is tried again. */
const MAX_RETRY_DELAY_S = 3600;

export interface SweepResult {
  /** Objects deleted from the store (or already gone). */
  deleted: number;
  /** Deletions the store refused; they stay queued and are tried again later. */
  failed: number;
}

/**
 * Deletes from the store the bytes of medical file rows that went away. A database trigger
 * (migration 1795990000000) queues each row's storage key in `stored_file_deletion` in the same
 * transaction as the delete, whatever caused it: an account deleted (its trial requests and
 * their files cascade), a request removed, a file deleted. Each replica sweeps at start and
 * every minute; rows are claimed with SKIP LOCKED, so replicas share the work. A deletion the
 * store refuses stays queued with a growing delay (1 min, 2 min, … up to an hour): nothing is
 * forgotten while the store is down.
 */
@Injectable()
export class StoredFilesSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StoredFilesSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepResult> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly store: StorageDriver,
  ) {}

  onApplicationBootstrap(): void {
    // Without a database (the OpenAPI generator) there is nothing to sweep.
    if (!this.dataSource.isInitialized) {
      return;
    }
    const sweepQuietly = (): void => {
      this.sweep().catch((error: unknown) => {
        // The database is down: the next round tries again.
        this.logger.warn(
          `Deleting the stored bytes of deleted files failed: ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
      });
    };
    sweepQuietly();
    this.timer = setInterval(sweepQuietly, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) {
      clearInterval(this.timer);
    }
  }

  /** Deletes every due queued object; one sweep at a time per process. */
  sweep(): Promise<SweepResult> {
    this.running ??= this.sweepAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweepAll(): Promise<SweepResult> {
    const total: SweepResult = { deleted: 0, failed: 0 };
    for (;;) {
      const { claimed, deleted, failed } = await this.sweepBatch();
      total.deleted += deleted;
      total.failed += failed;
      if (claimed < SWEEP_BATCH) {
        break;
      }
    }
    if (total.deleted > 0 || total.failed > 0) {
      this.logger.log(
        `Stored bytes of deleted files: ${total.deleted} deleted, ${total.failed} kept for a retry`,
      );
    }
    return total;
  }

  private sweepBatch(): Promise<SweepResult & { claimed: number }> {
    return this.dataSource.transaction(async (m) => {
      const due = await m.query<{ storage_key: string; attempts: number }[]>(
        `SELECT storage_key, attempts FROM stored_file_deletion
          WHERE next_attempt_at <= now()
          ORDER BY next_attempt_at
          LIMIT ${SWEEP_BATCH}
          FOR UPDATE SKIP LOCKED`,
      );
      let deleted = 0;
      let failed = 0;
      for (const { storage_key: key, attempts } of due) {
        try {
          await this.store.delete(key);
          await m.query('DELETE FROM stored_file_deletion WHERE storage_key = $1', [key]);
          deleted++;
        } catch {
          const delay = Math.min(60 * 2 ** attempts, MAX_RETRY_DELAY_S);
          await m.query(
            `UPDATE stored_file_deletion
                SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
              WHERE storage_key = $1`,
            [key, delay],
          );
          failed++;
        }
      }
      return { claimed: due.length, deleted, failed };
    });
  }
}
