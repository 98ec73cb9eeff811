import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';
import type { Answers } from '@trialflow/contract';

/**
 * The current questionnaire of a signed-in user or of a visitor's browser session (spec 02 §7
 * call 3): one per user and one per session, replaced by every save. Patient data: never logged.
 */
@Entity({ name: 'questionnaire' })
@Check('CHK_questionnaire_owner', '"user_id" IS NOT NULL OR "session_id" IS NOT NULL')
export class Questionnaire {
  /** The `_id` the client sees. */
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Set for a signed-in user's questionnaire (then session_id is null). */
  @Index('UQ_questionnaire_user', { unique: true })
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** Set for a visitor's questionnaire: the random id the browser keeps. */
  @Index('UQ_questionnaire_session', { unique: true })
  @Column({ name: 'session_id', type: 'varchar', length: 128, nullable: true })
  sessionId: string | null;

  @Column({ name: 'user_source', type: 'varchar', length: 64, nullable: true })
  userSource: string | null;

  /** The answered fields only, validated and normalised (answer-schema.ts). */
  @Column({ type: 'jsonb' })
  answers: Answers;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
