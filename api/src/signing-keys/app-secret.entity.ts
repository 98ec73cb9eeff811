import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A random secret the product generates once (e.g. the ALTCHA HMAC keys), shared by replicas. */
@Entity({ name: 'app_secret' })
export class AppSecret {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 256 })
  value: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
