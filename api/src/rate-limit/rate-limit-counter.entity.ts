import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One rate-limit counter (a throttler and a hashed caller) shared by every replica of the API.
 * Rows whose window and block are over are deleted by RateLimitRepository.deleteExpired.
 */
@Entity('rate_limit_counter')
export class RateLimitCounter {
  /** sha256 of the throttler name and the tracker (an address or a normalized e-mail). */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'int' })
  hits: number;

  @Index('IDX_rate_limit_counter_expires_at')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true })
  blockedUntil: Date | null;
}
