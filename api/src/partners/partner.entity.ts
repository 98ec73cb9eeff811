import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ConditionKey } from '@trialflow/contract';

/** A partner brand, selected by the user's userSource (spec 01 §3). */
@Entity({ name: 'partner' })
// At most one default partner.
@Index('UQ_partner_single_default', ['isDefault'], { unique: true, where: 'is_default' })
export class Partner {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_source', type: 'varchar', length: 64, unique: true })
  userSource: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ name: 'url_param', type: 'varchar', length: 64, unique: true })
  urlParam: string;

  @Column({ name: 'css_class_override', type: 'varchar', length: 64 })
  cssClassOverride: string;

  /** Path of the logo under the web app's public folder. */
  @Column({ name: 'logo_path', type: 'varchar', length: 255 })
  logoPath: string;

  /** Facility grouping code ('3'–'6'), or '' for the HCP app. */
  @Column({ name: 'facility_grouping', type: 'varchar', length: 8, default: '' })
  facilityGrouping: string;

  /** The conditions offered, or 'all'. */
  @Column({ name: 'diseases_dropdown', type: 'jsonb' })
  diseasesDropdown: ConditionKey[] | 'all';

  /** A condition preset for this partner's search form, if any. */
  @Column({ name: 'set_type_of_disease', type: 'varchar', length: 64, nullable: true })
  setTypeOfDisease: ConditionKey | null;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
