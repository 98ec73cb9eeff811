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
import { Facility } from '../facilities/facility.entity';
import { User } from '../users/user.entity';
import { TrialRequestStatus } from './trial-request-status';

/**
 * A trial request (referral, spec 01 §3 "Trial request (progress)"): an HCP asks one site of a
 * trial to consider a patient known only by the HCP's identifier. Patient data: never logged.
 */
@Entity({ name: 'trial_request' })
export class TrialRequest {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The requesting HCP; the request goes with the account. */
  @Index('IDX_trial_request_user')
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  /** The HCP's free-text patient identifier. */
  @Column({ type: 'varchar', length: 19 })
  identifier: string;

  @Index('IDX_trial_request_nct')
  @Column({ name: 'nct_id', type: 'varchar', length: 11 })
  nctId: string;

  /** The trial's brief title when the request was made. */
  @Column({ name: 'trial_name', type: 'text' })
  trialName: string;

  /** The condition key of the questionnaire (type_of_disease). */
  @Column({ type: 'varchar', length: 64 })
  condition: string;

  @Column({ type: 'varchar', length: 16, default: TrialRequestStatus.NewRequest })
  status: TrialRequestStatus;

  /** The questionnaire as it was when the request was made. */
  @Column({ type: 'jsonb' })
  questionnaire: Record<string, unknown>;

  /** The site the request is for; its clinops users review it. */
  @Index('IDX_trial_request_facility')
  @Column({ name: 'facility_id', type: 'integer' })
  facilityId: number;

  @ManyToOne(() => Facility, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'facility_id' })
  facility?: Relation<Facility>;

  /** The site's name as the trial record spelled it. */
  @Column({ name: 'facility_name', type: 'text' })
  facilityName: string;

  /** The requester's contact fields as sent with the request. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'phone_number', type: 'varchar', length: 20, default: '' })
  phoneNumber: string;

  @Column({ type: 'varchar', length: 2, default: '' })
  country: string;

  /** The latest status note (the spec's `comments`). */
  @Column({ type: 'text', default: '' })
  comments: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
