import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A real-time event, kept so a client reconnecting with Last-Event-ID gets what it missed. The
 * id is the SSE event id. Audience: the users named, and clinops of the facility (if any).
 */
@Entity({ name: 'app_event' })
export class AppEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 32 })
  type: string;

  @Column({ name: 'user_ids', type: 'uuid', array: true, default: () => "'{}'" })
  userIds: string[];

  @Index('IDX_app_event_facility')
  @Column({ name: 'facility_id', type: 'integer', nullable: true })
  facilityId: number | null;

  /** Ids and statuses only: clients fetch the rest through the API with their own rights. */
  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Index('IDX_app_event_created')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
