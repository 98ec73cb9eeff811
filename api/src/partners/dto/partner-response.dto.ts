import { ApiProperty } from '@nestjs/swagger';
import { CONDITION_KEYS, ConditionKey } from '@trialflow/contract';
import type { Partner } from '../partner.entity';

export class PartnerResponseDto {
  @ApiProperty({ example: 'ancora_hcp' })
  userSource: string;

  @ApiProperty({ example: 'Trialflow for HCPs' })
  name: string;

  @ApiProperty({ example: 'hcp', description: 'The app goes to /partner={urlParam} after login.' })
  urlParam: string;

  @ApiProperty({ example: 'theme-ancora-hcp', description: 'CSS class set on the app root.' })
  cssClassOverride: string;

  @ApiProperty({ example: '/brand/trialflow.svg' })
  logo: string;

  @ApiProperty({
    example: '',
    description: "Facility grouping code ('3'–'6'), '' for the HCP app.",
  })
  facilityGrouping: string;

  @ApiProperty({
    description: "Conditions offered by this partner, or 'all'.",
    oneOf: [
      { type: 'array', items: { type: 'string', enum: [...CONDITION_KEYS] } },
      { type: 'string', enum: ['all'] },
    ],
  })
  diseases_dropdown: ConditionKey[] | 'all';

  @ApiProperty({
    enum: CONDITION_KEYS,
    enumName: 'ConditionKey',
    nullable: true,
    type: 'string',
    description: 'Condition preset in the search form, if any.',
  })
  set_type_of_disease: ConditionKey | null;

  @ApiProperty({ description: 'True for the partner used when a userSource is unknown.' })
  isDefault: boolean;
}

export function toPartnerResponse(p: Partner): PartnerResponseDto {
  return {
    userSource: p.userSource,
    name: p.name,
    urlParam: p.urlParam,
    cssClassOverride: p.cssClassOverride,
    logo: p.logoPath,
    facilityGrouping: p.facilityGrouping,
    diseases_dropdown: p.diseasesDropdown,
    set_type_of_disease: p.setTypeOfDisease,
    isDefault: p.isDefault,
  };
}
