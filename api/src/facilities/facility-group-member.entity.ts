import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Facility } from './facility.entity';
import { FacilityGroup } from './facility-group.entity';

/** A facility in a group; the composite key keeps each pair once. */
@Entity({ name: 'facility_group_member' })
@Index('IDX_facility_group_member_facility', ['facilityId'])
export class FacilityGroupMember {
  @PrimaryColumn({ name: 'group_id', type: 'varchar', length: 3 })
  groupId: string;

  @PrimaryColumn({ name: 'facility_id', type: 'integer' })
  facilityId: number;

  @ManyToOne(() => FacilityGroup, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id' })
  group?: FacilityGroup;

  @ManyToOne(() => Facility, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'facility_id' })
  facility?: Facility;
}
