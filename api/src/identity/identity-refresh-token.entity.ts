import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { IdentityUser } from './identity-user.entity';

/** Why a refresh token was revoked (null: by revoke-token, global sign-out or a reset). */
export type IdentityRefreshRevokedReason = 'refresh-token-reuse';

/**
 * A refresh token; only its hash is kept. Each is traded once for the next of its family (one
 * sign-in on one device); revoked one by one, by family or all at global sign-out.
 */
@Entity({ name: 'identity_refresh_token' })
@Index('IDX_identity_refresh_token_user', ['userId'])
@Index('IDX_identity_refresh_token_family', ['familyId'])
export class IdentityRefreshToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => IdentityUser, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: IdentityUser;

  @Column({ name: 'token_hash', type: 'varchar', length: 128, unique: true })
  tokenHash: string;

  /** The sign-in the token descends from: the first token's id, kept by every rotation. */
  @Column({ name: 'family_id', type: 'uuid' })
  familyId: string;

  /** When it was traded for the next token; presenting it again is a reuse. */
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 32, nullable: true })
  revokedReason: IdentityRefreshRevokedReason | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
