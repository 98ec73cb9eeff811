import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { CounterState, RateLimitRepository } from './rate-limit.repository';

const CLEANUP_INTERVAL_MS = 60_000;
/** Longer than this, and the request is not counted (a hanging database). */
const INCREMENT_TIMEOUT_MS = 2_000;
const NOT_COUNTED: CounterState = {
  totalHits: 0,
  timeToExpire: 0,
  isBlocked: false,
  timeToBlockExpire: 0,
};

/**
 * @nestjs/throttler's storage on a Postgres table: every replica of the API counts into the same
 * rows, so a limit holds however many processes serve the traffic. Expired rows are deleted
 * once a minute by each replica (deleting twice is harmless). While the database is down or
 * hangs, requests are not counted (fail open): what still works in an outage, such as
 * /api/config from its copy, must not answer 503 because of its rate limit.
 */
@Injectable()
export class PostgresThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PostgresThrottlerStorage.name);
  private timer?: NodeJS.Timeout;
  private lastWarnedAt = 0;
  private closed = false;

  constructor(private readonly repo: RateLimitRepository) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.cleanUp(), CLEANUP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): Promise<CounterState> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.repo.increment(key, ttl, limit, blockDuration),
        new Promise<never>((_resolve, reject) => {
          timeout = setTimeout(
            () => reject(new Error('rate-limit counter timed out')),
            INCREMENT_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      if (Date.now() - this.lastWarnedAt > CLEANUP_INTERVAL_MS) {
        this.lastWarnedAt = Date.now();
        this.logger.warn({ err: String(error) }, 'Rate limits not counted: the database failed');
      }
      return NOT_COUNTED;
    } finally {
      clearTimeout(timeout);
    }
  }

  async cleanUp(): Promise<void> {
    try {
      await this.repo.deleteExpired();
    } catch (error) {
      if (this.closed) {
        return; // the app is shutting down: its connections are going away on purpose
      }
      this.logger.warn({ err: String(error) }, 'Could not delete expired rate-limit counters');
    }
  }
}
