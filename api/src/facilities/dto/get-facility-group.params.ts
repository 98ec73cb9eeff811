import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { FACILITY_GROUP_ID } from '../facility-groups-file';

export class GetFacilityGroupParams {
  @ApiProperty({
    example: '3',
    pattern: FACILITY_GROUP_ID.source,
    description: 'The facility grouping code (spec 02 §3: 3, 4, 5, 6).',
  })
  @Matches(FACILITY_GROUP_ID, { message: 'id must be a facility grouping code of 1 to 3 digits' })
  id: string;
}

export const BUCKET = /^[a-z0-9._-]{1,63}$/;

export class GetFacilityGroupFileParams extends GetFacilityGroupParams {
  @ApiProperty({
    example: 'trialflow-facilities',
    pattern: BUCKET.source,
    description: "The storage bucket of the spec's separate host; any valid name answers the same.",
  })
  @Matches(BUCKET, { message: 'bucket must be 1 to 63 of a-z, 0-9, dot, underscore, hyphen' })
  bucket: string;
}
