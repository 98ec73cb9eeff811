import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Every mail the product sends; without SMTP this table is the mailbox. */
@Entity({ name: 'outbox_mail' })
@Index('IDX_outbox_mail_recipient_created', ['recipient', 'createdAt'])
export class OutboxMail {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ type: 'varchar', length: 64 })
  template: string;

  @Column({ type: 'varchar', length: 2 })
  language: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ name: 'body_text', type: 'text' })
  bodyText: string;

  @Column({ name: 'body_html', type: 'text' })
  bodyHtml: string;

  /** 'logged' without SMTP, 'sent' or 'failed' with it. */
  @Column({ type: 'varchar', length: 16 })
  delivery: 'logged' | 'sent' | 'failed';

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
