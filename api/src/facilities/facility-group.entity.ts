import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A facility grouping of spec 02 §3 (codes 3, 4, 5, 6): the partner's set of facilities its
 * users may search. The id is the grouping code as digits, as partners and the spec's
 * Facility_grouping_{id}.json name it.
 */
@Entity({ name: 'facility_group' })
export class FacilityGroup {
  @PrimaryColumn({ type: 'varchar', length: 3 })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
