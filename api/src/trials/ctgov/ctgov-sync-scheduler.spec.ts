import { CtgovSyncScheduler, nextSyncTime } from './ctgov-sync-scheduler';
import type { CtgovSyncService } from './ctgov-sync.service';
import type { Env } from '../../config/env';

describe(CtgovSyncScheduler.name, () => {
  it('should pick the hour later the same day', () => {
    expect(nextSyncTime(new Date('2026-03-01T01:30:00Z'), 3).toISOString()).toBe(
      '2026-03-01T03:00:00.000Z',
    );
  });

  it('should pick the next day once the hour has come', () => {
    expect(nextSyncTime(new Date('2026-03-01T03:00:00Z'), 3).toISOString()).toBe(
      '2026-03-02T03:00:00.000Z',
    );
    expect(nextSyncTime(new Date('2026-12-31T23:59:00Z'), 0).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('should schedule nothing when CTGOV_SYNC is off and clear its timer on shutdown', async () => {
    const run = jest.fn();
    const sync = { run } as unknown as CtgovSyncService;
    const off = new CtgovSyncScheduler(sync, { CTGOV_SYNC: false, CTGOV_SYNC_HOUR: 3 } as Env);
    off.onApplicationBootstrap();
    expect(off.nextRunAt()).toBeNull();

    const on = new CtgovSyncScheduler(sync, { CTGOV_SYNC: true, CTGOV_SYNC_HOUR: 5 } as Env);
    on.onApplicationBootstrap();
    expect(on.nextRunAt()?.getUTCHours()).toBe(5);
    await on.beforeApplicationShutdown();
    on.onApplicationShutdown();
    expect(on.nextRunAt()).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });
});
