import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { TrialRequest } from '../progress/trial-request.entity';
import { User } from '../users/user.entity';

/**
 * A medical file of a trial request (spec 01 §3 "File entry"): the metadata; the bytes are in
 * the storage driver under `storageKey`. The name is patient data: never logged.
 */
@Entity({ name: 'medical_file' })
@Index('UQ_medical_file_request_name', ['requestId', 'name'], { unique: true })
export class MedicalFile {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('IDX_medical_file_request')
  @Column({ name: 'request_id', type: 'uuid' })
  requestId: string;

  @ManyToOne(() => TrialRequest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'request_id' })
  request?: Relation<TrialRequest>;

  /** Who uploaded it; null once that account is gone. */
  @Index('IDX_medical_file_uploaded_by')
  @Column({ name: 'uploaded_by', type: 'uuid', nullable: true })
  uploadedBy: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'uploaded_by' })
  uploader?: Relation<User>;

  /** The sanitised original name, unique within the request ("x (2).pdf" for a second x.pdf). */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  size: number;

  /** The accepted kind decided from the content (pdf, png, jpg, doc, docx, xls, xlsx, txt). */
  @Column({ type: 'varchar', length: 8 })
  kind: string;

  @Column({ name: 'content_type', type: 'varchar', length: 128 })
  contentType: string;

  /** Generated (`<requestId>/<uuid>`), never derived from the name. */
  @Column({ name: 'storage_key', type: 'varchar', length: 128, unique: true })
  storageKey: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
