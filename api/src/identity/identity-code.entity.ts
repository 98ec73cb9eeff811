import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  ManyToOne,
  JoinColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { IdentityUser } from './identity-user.entity';

export type IdentityCodePurpose = 'CONFIRM_SIGN_UP' | 'FORGOT_PASSWORD';

/** A one-time code sent by e-mail; only its hash is kept. */
@Entity({ name: 'identity_code' })
@Index('IDX_identity_code_user_purpose', ['userId', 'purpose'])
export class IdentityCode {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => IdentityUser, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: IdentityUser;

  @Column({ type: 'varchar', length: 32 })
  purpose: IdentityCodePurpose;

  @Column({ name: 'code_hash', type: 'varchar', length: 128 })
  codeHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Set when the code is used, or closed because a newer one was sent. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @Column({ name: 'failed_attempts', type: 'int', default: 0 })
  failedAttempts: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
