import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  UpdateDateColumn,
} from 'typeorm';
import { TrialRequest } from '../progress/trial-request.entity';
import { User } from '../users/user.entity';

/**
 * A request's card on its site's board (spec 01 §3 "Facility progress card"): the stage flags
 * and the decision, shared by every clinops user of the facility. One per request.
 */
@Entity({ name: 'facility_progress' })
export class FacilityProgress {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('UQ_facility_progress_request', { unique: true })
  @Column({ name: 'request_id', type: 'uuid' })
  requestId: string;

  @ManyToOne(() => TrialRequest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'request_id' })
  request?: Relation<TrialRequest>;

  @Column({ name: 'reached_out', type: 'boolean', default: true })
  reachedOut: boolean;

  /** Shown as "Under Review". */
  @Column({ name: 'initial_discussion', type: 'boolean', default: false })
  initialDiscussion: boolean;

  @Column({ name: 'info_needed', type: 'boolean', default: false })
  infoNeeded: boolean;

  @Column({ name: 'decision_made', type: 'boolean', default: false })
  decisionMade: boolean;

  /** The decision: null until one is made. */
  @Column({ type: 'boolean', nullable: true })
  approved: boolean | null;

  @Index('IDX_facility_progress_updated_by')
  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'updated_by' })
  updater?: Relation<User>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
