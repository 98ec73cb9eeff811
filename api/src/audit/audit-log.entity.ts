import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Who read or changed which patient data, when and from where. No foreign keys: the record
 * outlives the account and the request it names. `detail` never holds patient data.
 */
@Entity({ name: 'audit_log' })
export class AuditLog {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** The acting user; null for the system. */
  @Index('IDX_audit_log_actor')
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  /** e.g. request.create, request.read, request.status, file.upload. */
  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Index('IDX_audit_log_request')
  @Column({ name: 'request_id', type: 'uuid', nullable: true })
  requestId: string | null;

  /** The caller's address as the API saw it (behind a proxy: X-Forwarded-For from it). */
  @Column({ type: 'varchar', length: 64, default: '' })
  ip: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail: Record<string, unknown>;

  @Index('IDX_audit_log_created')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
