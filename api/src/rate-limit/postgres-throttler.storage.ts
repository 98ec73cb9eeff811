import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { CounterState, RateLimitRepository } from './rate-limit.repository';

const CLEANUP_INTERVAL_MS = 60_000;

/**
 * @nestjs/throttler's storage on a Postgres table: every replica of the API counts into the same
 * rows, so a limit holds however many processes serve the traffic. Expired rows are deleted
 * once a minute by each replica (deleting twice is harmless).
 */
@Injectable()
export class PostgresThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PostgresThrottlerStorage.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly repo: RateLimitRepository) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.cleanUp(), CLEANUP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<CounterState> {
    return this.repo.increment(key, ttl, limit, blockDuration);
  }

  async cleanUp(): Promise<void> {
    try {
      await this.repo.deleteExpired();
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'Could not delete expired rate-limit counters');
    }
  }
}
