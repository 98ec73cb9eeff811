import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

export type SessionEndReason =
  'sign-out' | 'global-sign-out' | 'account-deleted' | 'password-reset' | 'refresh-token-reuse';

/**
 * A signed-in device: product tokens name it (`sid`) and every request checks it is alive; its
 * refresh token (only an HMAC of it is kept) turns into a new one at each refresh.
 */
@Entity({ name: 'session' })
@Index('IDX_session_user', ['userId'])
export class Session {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** HMAC (server secret) of the one refresh token that may be used next. */
  @Column({ name: 'refresh_token_hash', type: 'varchar', length: 128 })
  refreshTokenHash: string;

  @Column({ name: 'user_agent', type: 'varchar', length: 255, default: '' })
  userAgent: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The last sign-in or refresh. */
  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' })
  lastUsedAt: Date;

  /** The end of the session however often it is refreshed. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 32, nullable: true })
  revokedReason: SessionEndReason | null;
}
