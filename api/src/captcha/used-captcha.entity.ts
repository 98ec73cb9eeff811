import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A solved captcha, kept until it expires. It is bound to the e-mail address it was first used
 * for: the registration's two calls (identity sign-up, product signup) may both present it, no one
 * else may.
 */
@Entity({ name: 'used_captcha' })
export class UsedCaptcha {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  nonce: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
