import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { TrialRequest } from '../progress/trial-request.entity';
import { TrialRequestStatus } from '../progress/trial-request-status';
import { User } from '../users/user.entity';
import { NotificationRecipient } from './notification-recipient.entity';

export enum NotificationType {
  /** To the site's clinops: a new request. */
  NewRequest = 'newRequest',
  /** To the HCP: the site changed the status. */
  StatusChanged = 'statusChanged',
  /** To the site's clinops: the HCP cancelled. */
  Cancelled = 'cancelled',
  /** To the other side of the request: a reminder sent by hand. */
  Reminder = 'reminder',
}

/** Something that happened to a request, for its recipients (spec 01 §3 "Notification"). */
@Entity({ name: 'notification' })
export class Notification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('IDX_notification_request')
  @Column({ name: 'request_id', type: 'uuid' })
  requestId: string;

  @ManyToOne(() => TrialRequest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'request_id' })
  request?: Relation<TrialRequest>;

  @Column({ type: 'varchar', length: 16 })
  type: NotificationType;

  /** The request's status the notification tells of. */
  @Column({ type: 'varchar', length: 16 })
  status: TrialRequestStatus;

  /** Who caused it; null once that account is deleted. */
  @Index('IDX_notification_actor')
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id' })
  actor?: Relation<User>;

  @OneToMany(() => NotificationRecipient, (r) => r.notification)
  recipients?: Relation<NotificationRecipient>[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
