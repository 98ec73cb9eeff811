import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { User } from '../users/user.entity';
import { TrialRequest } from './trial-request.entity';
import { TrialRequestStatus } from './trial-request-status';

/** One step of a request's history: who moved it from which status to which, with the note. */
@Entity({ name: 'trial_request_status_change' })
export class TrialRequestStatusChange {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('IDX_trial_request_status_change_request')
  @Column({ name: 'request_id', type: 'uuid' })
  requestId: string;

  @ManyToOne(() => TrialRequest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'request_id' })
  request?: Relation<TrialRequest>;

  /** Who made the change; null once that account is deleted. */
  @Index('IDX_trial_request_status_change_actor')
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id' })
  actor?: Relation<User>;

  /** Null for the creation of the request. */
  @Column({ name: 'from_status', type: 'varchar', length: 16, nullable: true })
  fromStatus: TrialRequestStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 16 })
  toStatus: TrialRequestStatus;

  @Column({ type: 'text', default: '' })
  note: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
