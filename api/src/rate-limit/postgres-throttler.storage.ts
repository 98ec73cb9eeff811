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

/** The throttler whose hits are counted in memory and flushed in batches (rate-limit.module). */
export const BATCHED_THROTTLER = 'default-batched';
/** How often the hits counted in memory are added to the shared counters. */
export const FLUSH_MS = 1_000;

/** A shared counter as this replica last heard of it, and the hits it counted since. */
interface LocalCounter {
  ttl: number;
  limit: number;
  blockDuration: number;
  /** Hits of the window in Postgres (all replicas) at the last answer. */
  shared: number;
  /** Hits counted here since, not yet in Postgres. */
  pending: number;
  /** Date.now() when the window ends and when the block ends (0: none). */
  expiresAt: number;
  blockedUntil: number;
  /** Date.now() of that answer: a view older than FLUSH_MS is not trusted to count locally. */
  syncedAt: number;
}

const seconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

/**
 * @nestjs/throttler's storage on a Postgres table: every replica of the API counts into the same
 * rows, so a limit holds however many processes serve the traffic. Expired rows are deleted
 * once a minute by each replica (deleting twice is harmless). While the database is down or
 * hangs, requests are not counted (fail open): what still works in an outage, such as
 * /api/config from its copy, must not answer 503 because of its rate limit.
 *
 * The BATCHED_THROTTLER's hits (read-only routes marked @BatchedRateLimit) cost no statement
 * each: the first of a window, and every one that would reach the limit, is counted in Postgres
 * at once (with what is pending), so the 429 is decided there as for the other routes; the hits
 * between are counted in memory and added to the shared counter once a second (FLUSH_MS), and
 * only while this replica heard from Postgres within that second (each flush answers the shared
 * total). A replica's view never holds more hits than were made, so nothing is refused before the
 * limit; past it, the other replicas may let through what they counted in memory in their last
 * second before they hear of it.
 */
@Injectable()
export class PostgresThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PostgresThrottlerStorage.name);
  private timer?: NodeJS.Timeout;
  private lastWarnedAt = 0;
  private closed = false;
  private readonly local = new Map<string, LocalCounter>();
  private flushTimer?: NodeJS.Timeout;

  constructor(private readonly repo: RateLimitRepository) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.cleanUp(), CLEANUP_INTERVAL_MS);
    this.timer.unref();
    this.flushTimer = setInterval(() => void this.flush(), FLUSH_MS);
    this.flushTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.flushTimer);
    await this.flush();
    this.closed = true;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName?: string,
  ): Promise<CounterState> {
    if (throttlerName !== BATCHED_THROTTLER) {
      return this.count(key, ttl, limit, blockDuration, 1);
    }
    const now = Date.now();
    const c = this.local.get(key);
    if (c && now < c.expiresAt) {
      if (now < c.blockedUntil) {
        c.pending++;
        return {
          totalHits: c.shared + c.pending,
          timeToExpire: seconds(c.expiresAt - now),
          isBlocked: true,
          timeToBlockExpire: Math.max(1, seconds(c.blockedUntil - now)),
        };
      }
      if (c.shared + c.pending + 1 < limit && now - c.syncedAt < FLUSH_MS) {
        c.pending++;
        return {
          totalHits: c.shared + c.pending,
          timeToExpire: seconds(c.expiresAt - now),
          isBlocked: false,
          timeToBlockExpire: 0,
        };
      }
    }
    // The first hit of a window here, one that reaches the limit, or the first after a second
    // without news of the other replicas' hits: Postgres decides.
    const pending = c?.pending ?? 0;
    if (c) {
      c.pending = 0;
    }
    const state = await this.count(key, ttl, limit, blockDuration, pending + 1);
    this.remember(key, { ttl, limit, blockDuration }, state);
    return state;
  }

  /** Adds the hits counted in memory to the shared counters; forgets windows that are over. */
  async flush(): Promise<void> {
    const now = Date.now();
    const work: Promise<void>[] = [];
    for (const [key, c] of this.local) {
      if (c.pending > 0) {
        const hits = c.pending;
        c.pending = 0;
        work.push(
          this.count(key, c.ttl, c.limit, c.blockDuration, hits).then((state) =>
            this.remember(key, c, state),
          ),
        );
      } else if (now >= c.expiresAt && now >= c.blockedUntil) {
        this.local.delete(key);
      }
    }
    await Promise.all(work);
  }

  /** Keeps what Postgres answered for the key (hits counted here meanwhile stay pending). */
  private remember(
    key: string,
    limits: Pick<LocalCounter, 'ttl' | 'limit' | 'blockDuration'>,
    state: CounterState,
  ): void {
    if (state === NOT_COUNTED) {
      return;
    }
    const now = Date.now();
    const c: LocalCounter = this.local.get(key) ?? {
      ...limits,
      shared: 0,
      pending: 0,
      expiresAt: 0,
      blockedUntil: 0,
      syncedAt: 0,
    };
    // Two answers of one window may come back in the other order (a flush and a hit at the limit
    // in flight together): the older, smaller total must not lower the view, or one more hit
    // would be counted here past the limit. A new window (the old one over here) starts afresh.
    const sameWindow = now < c.expiresAt;
    c.shared = sameWindow ? Math.max(c.shared, state.totalHits) : state.totalHits;
    c.expiresAt = now + state.timeToExpire * 1000;
    const blockedUntil = state.isBlocked ? now + state.timeToBlockExpire * 1000 : 0;
    c.blockedUntil = sameWindow ? Math.max(c.blockedUntil, blockedUntil) : blockedUntil;
    c.syncedAt = now;
    this.local.set(key, c);
  }

  private async count(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    hits: number,
  ): Promise<CounterState> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.repo.increment(key, ttl, limit, blockDuration, hits),
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
