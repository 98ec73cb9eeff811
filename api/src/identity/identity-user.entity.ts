import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export type IdentityUserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';

/** A person known to the built-in identity provider (the Cognito user pool's counterpart). */
@Entity({ name: 'identity_user' })
export class IdentityUser {
  /** The `sub` of this user's tokens. */
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Always lowercased. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 32, default: 'UNCONFIRMED' })
  status: IdentityUserStatus;

  @Column({ name: 'given_name', type: 'varchar', length: 60, default: '' })
  givenName: string;

  @Column({ name: 'family_name', type: 'varchar', length: 60, default: '' })
  familyName: string;

  /** Language of the e-mails sent to this user. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  locale: string;

  @Column({ name: 'failed_sign_in_count', type: 'int', default: 0 })
  failedSignInCount: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  /** Global sign-out: tokens issued before this moment are revoked. */
  @Column({ name: 'tokens_valid_after', type: 'timestamptz', nullable: true })
  tokensValidAfter: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
