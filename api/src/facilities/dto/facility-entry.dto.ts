import { ApiProperty } from '@nestjs/swagger';
import type { GroupFacility } from '../facility-groups.repository';

/** One facility of a country facility map (spec 01 §3). */
export class FacilityEntryDto {
  @ApiProperty({ example: 'Charité - Universitätsmedizin Berlin' })
  facility: string;

  @ApiProperty({ example: 'Berlin' })
  city: string;

  @ApiProperty({ example: 'Berlin', description: 'Empty when the registry names none.' })
  state: string;
}

/** The country facility map: facility id → facility, city, state. */
export type FacilityMapDto = Record<string, FacilityEntryDto>;

export function toFacilityMap(facilities: GroupFacility[]): FacilityMapDto {
  return Object.fromEntries(
    facilities.map((f) => [String(f.id), { facility: f.name, city: f.city, state: f.state }]),
  );
}
