import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { BATCHED_THROTTLER, PostgresThrottlerStorage } from './postgres-throttler.storage';
import type { RateLimitRepository } from './rate-limit.repository';

type Answer = (state: ThrottlerStorageRecord) => void;

/** A repository whose answers the test gives, in the order it chooses. */
function controlledRepo(): {
  repo: RateLimitRepository;
  calls: { hits: number; answer: Answer }[];
} {
  const calls: { hits: number; answer: Answer }[] = [];
  const repo = {
    increment: (_key: string, _ttl: number, _limit: number, _block: number, hits: number) =>
      new Promise<ThrottlerStorageRecord>((resolve) => calls.push({ hits, answer: resolve })),
  } as unknown as RateLimitRepository;
  return { repo, calls };
}

const state = (totalHits: number, limit: number): ThrottlerStorageRecord => ({
  totalHits,
  timeToExpire: 60,
  isBlocked: totalHits > limit,
  timeToBlockExpire: totalHits > limit ? 60 : 0,
});

describe(PostgresThrottlerStorage.name, () => {
  const limit = 5;
  const hit = (storage: PostgresThrottlerStorage) =>
    storage.increment('k', 60_000, limit, 60_000, BATCHED_THROTTLER);

  it('should not let an older answer of the window lower the count, so the hit past the limit is refused', async () => {
    const { repo, calls } = controlledRepo();
    const storage = new PostgresThrottlerStorage(repo);
    // The first hit of the window is counted in Postgres: 1.
    const first = hit(storage);
    calls[0].answer(state(1, limit));
    await first;
    // Two hits counted in memory, then a flush of them in flight (call 1).
    await hit(storage);
    await hit(storage);
    const flushed = storage.flush();
    // Three more in memory (the view still says 1), then the hit that would reach the limit goes
    // to Postgres (call 2, with the three pending).
    await hit(storage);
    await hit(storage);
    await hit(storage);
    const atLimit = hit(storage);
    expect(calls.map((c) => c.hits)).toEqual([1, 2, 4]);
    // Postgres counted the flush first (3), then the rest (7); the answers come back the other
    // way round.
    calls[2].answer(state(7, limit));
    expect((await atLimit).isBlocked).toBe(true);
    calls[1].answer(state(3, limit));
    await flushed;
    // The older answer does not lower the view: the next hit is refused, not counted as allowed.
    expect((await hit(storage)).isBlocked).toBe(true);
  });
});
