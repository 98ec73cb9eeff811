import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type SigningKeyPurpose = 'identity' | 'product';

/** An RS256 key pair, generated once and kept; `identity` keys are published in the JWKS. */
@Entity({ name: 'signing_key' })
@Index('UQ_signing_key_active_purpose', ['purpose'], { unique: true, where: 'active' })
export class SigningKey {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  kid: string;

  @Column({ type: 'varchar', length: 16 })
  purpose: SigningKeyPurpose;

  @Column({ name: 'private_key_pem', type: 'text' })
  privateKeyPem: string;

  @Column({ name: 'public_jwk', type: 'jsonb' })
  publicJwk: Record<string, string>;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
