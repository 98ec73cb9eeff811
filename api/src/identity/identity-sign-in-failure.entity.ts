import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { IdentityUser } from './identity-user.entity';

/**
 * Wrong passwords for one account from one address. That pair is locked first, so a guesser
 * locks out only their own address; the account itself is locked only at a much higher count
 * (identity_user.failed_sign_in_count, from all addresses together).
 */
@Entity('identity_sign_in_failure')
export class IdentitySignInFailure {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  address: string;

  @ManyToOne(() => IdentityUser, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: IdentityUser;

  @Column({ name: 'failed_count', type: 'int', default: 0 })
  failedCount: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
