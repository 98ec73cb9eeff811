import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { CtgovSyncState } from './ctgov-sync-state.entity';

/** Any constant of our own: the session-level advisory lock one sync holds while it runs. */
export const CTGOV_SYNC_LOCK = 7_482_150_301;

@Injectable()
export class CtgovSyncRepository {
  constructor(
    @InjectRepository(CtgovSyncState) private readonly repo: Repository<CtgovSyncState>,
    private readonly dataSource: DataSource,
  ) {}

  findState(condition: string): Promise<CtgovSyncState | null> {
    return this.repo.findOneBy({ condition });
  }

  async saveState(state: CtgovSyncState): Promise<void> {
    await this.repo.save(state);
  }

  /**
   * Takes the sync lock on a connection of its own (a session lock belongs to one connection,
   * so it cannot go back to the pool while held). Returns its release, or null when another
   * process or replica holds it.
   */
  async tryLock(): Promise<(() => Promise<void>) | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [row] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [
        CTGOV_SYNC_LOCK,
      ])) as { locked: boolean }[];
      if (!row.locked) {
        await runner.release();
        return null;
      }
    } catch (error) {
      await runner.release();
      throw error;
    }
    return async () => {
      try {
        await runner.query('SELECT pg_advisory_unlock($1)', [CTGOV_SYNC_LOCK]);
      } finally {
        await runner.release();
      }
    };
  }
}
