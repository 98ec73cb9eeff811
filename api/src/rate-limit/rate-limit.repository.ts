import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RateLimitCounter } from './rate-limit-counter.entity';

export interface CounterState {
  totalHits: number;
  /** Seconds until the window ends. */
  timeToExpire: number;
  isBlocked: boolean;
  /** Seconds until the block ends (0 when not blocked). */
  timeToBlockExpire: number;
}

// One statement, so two replicas counting the same key at once both count (the row lock of
// ON CONFLICT orders them). The clock is the database's, the same for every replica. $5 hits are
// counted at once (1, or what a replica counted in memory since its last flush).
const INCREMENT = `
INSERT INTO rate_limit_counter AS c (key, hits, expires_at, blocked_until)
VALUES ($1, $5::int, now() + make_interval(secs => $2::float8 / 1000),
        CASE WHEN $5::int > $3::int THEN now() + make_interval(secs => $4::float8 / 1000) END)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.expires_at <= now() THEN $5::int ELSE c.hits + $5::int END,
  expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END,
  blocked_until = CASE
    WHEN c.blocked_until > now() THEN c.blocked_until
    WHEN (CASE WHEN c.expires_at <= now() THEN $5::int ELSE c.hits + $5::int END) > $3::int
      THEN now() + make_interval(secs => $4::float8 / 1000)
    ELSE NULL END
RETURNING hits AS "totalHits",
  greatest(ceil(extract(epoch FROM (expires_at - now()))), 0)::int AS "timeToExpire",
  coalesce(blocked_until > now(), false) AS "isBlocked",
  greatest(coalesce(ceil(extract(epoch FROM (blocked_until - now()))), 0), 0)::int
    AS "timeToBlockExpire"`;

@Injectable()
export class RateLimitRepository {
  constructor(
    @InjectRepository(RateLimitCounter) private readonly counters: Repository<RateLimitCounter>,
  ) {}

  /**
   * Counts `hits` requests (one unless a batch) against `key`; blocks the key for `blockMs` once
   * `limit` is passed.
   */
  async increment(
    key: string,
    ttlMs: number,
    limit: number,
    blockMs: number,
    hits = 1,
  ): Promise<CounterState> {
    const rows = await this.counters.query<CounterState[]>(INCREMENT, [
      key,
      ttlMs,
      limit,
      blockMs,
      hits,
    ]);
    return rows[0];
  }

  /** Removes counters whose window and block are both over; answers how many. */
  async deleteExpired(): Promise<number> {
    const result = await this.counters
      .createQueryBuilder()
      .delete()
      .where('expires_at <= now() AND (blocked_until IS NULL OR blocked_until <= now())')
      .execute();
    return result.affected ?? 0;
  }
}
