import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { Facility } from '../facilities/facility.entity';
import type { SiteContact } from './ctgov/ctgov-record';
import { Trial } from './trial.entity';

/** Where a trial runs: one CT.gov location. Replaced as a whole when its trial is updated. */
@Entity({ name: 'site' })
export class Site {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_site_trial')
  @Column({ name: 'trial_id', type: 'integer' })
  trialId: number;

  @ManyToOne(() => Trial, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'trial_id' })
  trial?: Relation<Trial>;

  @Index('IDX_site_facility')
  @Column({ name: 'facility_id', type: 'integer' })
  facilityId: number;

  @ManyToOne(() => Facility, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'facility_id' })
  facility?: Relation<Facility>;

  /** The facility name as this record spells it. */
  @Column({ name: 'facility_name', type: 'text' })
  facilityName: string;

  @Column({ type: 'text' })
  city: string;

  @Column({ type: 'text' })
  state: string;

  @Column({ type: 'text' })
  zip: string;

  @Column({ type: 'text' })
  country: string;

  /** CT.gov location status, e.g. RECRUITING; '' when the record gives none. */
  @Column({ type: 'text' })
  status: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  contacts: SiteContact[];

  @Column({ type: 'double precision', nullable: true })
  lat: number | null;

  @Column({ type: 'double precision', nullable: true })
  lon: number | null;

  /**
   * lat/lon are the city's from the gazetteer (the record gave no coordinates): a distance to
   * this site is approximate.
   */
  @Column({ name: 'approximate_location', type: 'boolean', default: false })
  approximateLocation: boolean;
}
