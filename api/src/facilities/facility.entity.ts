import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A distinct trial site (facility name + city + country). Its integer id is stable across
 * imports, so facility groups, clinops users and requests can refer to it.
 */
@Entity({ name: 'facility' })
// Radius queries: GiST over ll_to_earth(lat, lon), written by hand in the migration because
// TypeORM cannot describe an expression index. Sites are reached through IDX_site_facility.
@Index('IDX_facility_earth', { synchronize: false })
export class Facility {
  @PrimaryGeneratedColumn()
  id: number;

  /** facilityKey(): name, city and country, lower case, accents and punctuation removed. */
  @Column({ type: 'text', unique: true })
  key: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  city: string;

  @Column({ type: 'text' })
  state: string;

  @Column({ type: 'text' })
  zip: string;

  @Column({ type: 'text' })
  country: string;

  @Column({ type: 'double precision', nullable: true })
  lat: number | null;

  @Column({ type: 'double precision', nullable: true })
  lon: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
