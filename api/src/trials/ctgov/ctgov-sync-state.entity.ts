import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The ClinicalTrials.gov sync checkpoint of one condition: where an interrupted run resumes
 * (its next page token) and the date an incremental run asks for updates since.
 */
@Entity({ name: 'ctgov_sync_state' })
export class CtgovSyncState {
  /** A condition key of packages/contract/src/conditions.ts. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  condition: string;

  /** The next page to fetch of an unfinished run; null once the run of the condition ended. */
  @Column({ name: 'page_token', type: 'text', nullable: true })
  pageToken: string | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  /** Null while a run of the condition is under way (or was interrupted). */
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** UTC day the last finished run started (YYYY-MM-DD): incremental runs ask from there. */
  @Column({ name: 'last_completed_sync_date', type: 'date', nullable: true })
  lastCompletedSyncDate: string | null;
}
