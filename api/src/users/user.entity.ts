import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A product user: an HCP, or clinops staff of one or more facilities (spec 01 §3 User). */
@Entity({ name: 'app_user' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Lowercased; the link to the identity provider's account. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  /** The identity provider's subject, set at the first login. */
  @Column({ name: 'identity_sub', type: 'varchar', length: 128, nullable: true, unique: true })
  identitySub: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 60 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 60, default: '' })
  lastName: string;

  @Column({ name: 'phone_number', type: 'varchar', length: 20, default: '' })
  phoneNumber: string;

  /** ISO 3166-1 alpha-2, or ''. */
  @Column({ type: 'varchar', length: 2, default: '' })
  country: string;

  @Column({ type: 'varchar', length: 60, default: '' })
  institution: string;

  @Column({ name: 'user_source', type: 'varchar', length: 64, default: 'ancora_hcp' })
  userSource: string;

  @Column({ name: 'register_type', type: 'varchar', length: 32, default: 'email' })
  registerType: string;

  @Column({ type: 'boolean', default: false })
  subscribe: boolean;

  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  @Column({ name: 'is_clinops', type: 'boolean', default: false })
  isClinops: boolean;

  /** Facilities a clinops user works for. */
  @Column({ name: 'facility_ids', type: 'integer', array: true, default: () => "'{}'" })
  facilityIds: number[];

  /** Registration payload fields kept as sent (spec 01 §3): socialId, bookmarkId, form, sessionId. */
  @Column({ name: 'registration', type: 'jsonb', default: () => "'{}'" })
  registration: Record<string, unknown>;

  @Column({ name: 'consent_at', type: 'timestamptz', nullable: true })
  consentAt: Date | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  /** The last global sign-out: identity tokens issued before it no longer log in. */
  @Column({ name: 'signed_out_at', type: 'timestamptz', nullable: true })
  signedOutAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
