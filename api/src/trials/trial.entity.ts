import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ConditionKey, EligibilityRule } from '@trialflow/contract';
import type { Sex, Specificity, TrialIntervention } from './ctgov/ctgov-record';

// Ages in years (6 Months = 0.5); pg returns numeric as a string.
const AGE_COLUMN = {
  type: 'numeric',
  precision: 7,
  scale: 3,
  nullable: true,
  transformer: {
    to: (v: number | null | undefined) => v,
    from: (v: string | null) => (v === null ? null : Number(v)),
  },
} as const;

/** A clinical trial from ClinicalTrials.gov, with the fields derived for search. */
@Entity({ name: 'trial' })
export class Trial {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'nct_id', type: 'varchar', length: 11, unique: true })
  nctId: string;

  @Column({ name: 'brief_title', type: 'text' })
  briefTitle: string;

  @Column({ name: 'official_title', type: 'text' })
  officialTitle: string;

  @Column({ name: 'brief_summary', type: 'text' })
  briefSummary: string;

  /** CT.gov overallStatus, e.g. RECRUITING. */
  @Column({ name: 'overall_status', type: 'varchar', length: 40 })
  overallStatus: string;

  /** CT.gov studyType: INTERVENTIONAL, OBSERVATIONAL, EXPANDED_ACCESS. */
  @Column({ name: 'study_type', type: 'varchar', length: 40 })
  studyType: string;

  /** EARLY_PHASE1, PHASE1 … PHASE4, NA. */
  @Column({ type: 'text', array: true, default: '{}' })
  phases: string[];

  @Column({ name: 'start_date', type: 'date', nullable: true })
  startDate: string | null;

  @Column({ name: 'last_update_date', type: 'date', nullable: true })
  lastUpdateDate: string | null;

  @Column({ type: 'text' })
  sponsor: string;

  /** The product's condition keys this trial is for. */
  @Column({ type: 'text', array: true, default: '{}' })
  conditions: ConditionKey[];

  @Column({ type: 'varchar', length: 16 })
  specificity: Specificity;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  interventions: TrialIntervention[];

  /** Gene and biomarker names (from genes.txt, data/genes.txt by default) the record mentions. */
  @Column({ type: 'text', array: true, default: '{}' })
  genes: string[];

  @Column({ name: 'minimum_age_years', ...AGE_COLUMN })
  minimumAgeYears: number | null;

  @Column({ name: 'maximum_age_years', ...AGE_COLUMN })
  maximumAgeYears: number | null;

  @Column({ type: 'varchar', length: 6 })
  sex: Sex;

  @Column({ name: 'eligibility_inclusion', type: 'text' })
  eligibilityInclusion: string;

  @Column({ name: 'eligibility_exclusion', type: 'text' })
  eligibilityExclusion: string;

  /** Structured eligibility: extracted from the record, then the curation file applied. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  rules: EligibilityRule[];

  /** The whole CT.gov record as imported (json kept as sent, uncompressed: see the migration). */
  @Column({ type: 'json' })
  raw: Record<string, unknown>;

  /** derivedSection.miscInfoModule.versionHolder: the CT.gov data version of the record. */
  @Column({ name: 'source_version', type: 'varchar', length: 20, nullable: true })
  sourceVersion: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
