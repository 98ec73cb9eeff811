import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Equals,
  IsDefined,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { trim, trimLower } from '../../common/transforms';
import { NCT_ID, PHONE, REQUEST_IDENTIFIER } from '@trialflow/contract';
import { IDENTIFIER_MAX } from '../trial-request-status';

export class SelectedLocationDto {
  @ApiProperty({ description: "The site's facility id (one of the trial's sites).", example: 17 })
  @Type(() => Number)
  @IsInt({ message: 'Please choose one of the trial’s sites.' })
  @IsPositive({ message: 'Please choose one of the trial’s sites.' })
  facility_id: number;
}

/** The contact modal's request (spec 01 §3 "Trial request", §5 "Contact modal"). */
export class CreateTrialRequestDto {
  @ApiProperty({ format: 'uuid', description: 'The caller: must be the signed-in user.' })
  @IsUUID('4', { message: 'userId must be your user id.' })
  userId: string;

  @ApiProperty({
    maxLength: IDENTIFIER_MAX,
    description: 'The patient identifier: under 20 characters; letters, digits, space - _ . / #',
  })
  @Transform(trim)
  @IsString({ message: 'Please enter an identifier.' })
  @IsNotEmpty({ message: 'Please enter an identifier.' })
  @MaxLength(IDENTIFIER_MAX, {
    message: 'Please enter a shorter identifier, max 20 characters',
  })
  @Matches(REQUEST_IDENTIFIER, {
    message: 'The identifier may hold letters, digits, spaces and - _ . / # only.',
  })
  identifier: string;

  @ApiProperty({ example: 'NCT01234567', description: 'The NCT id of the trial.' })
  @Transform(trim)
  @IsString()
  @Matches(NCT_ID, { message: 'trialId must be an NCT id (NCT and 8 digits).' })
  trialId: string;

  @ApiPropertyOptional({
    description: 'Ignored: the trial name is taken from the trial store.',
    maxLength: 1000,
  })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  trialName?: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The questionnaire as it was (the answers map); type_of_disease is required.',
    example: { type_of_disease: 'lung_cancer', age: 61 },
  })
  @IsDefined({ message: 'The questionnaire is required.' })
  @IsObject({ message: 'The questionnaire must be an object.' })
  questionnaire: Record<string, unknown>;

  @ApiPropertyOptional({ description: "Contact e-mail; default: the account's." })
  @IsOptional()
  @Transform(trimLower)
  @IsEmail({}, { message: 'E-mail format error' })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ example: '+4930123456', description: "Contact phone, or ''." })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/[\s()-]/g, '') : value,
  )
  @IsString()
  @Matches(new RegExp(`^$|${PHONE.source}`), {
    message: 'Phone number must have 4 or more digits! It can have a maximum of 15 digits.',
  })
  phoneNumber?: string;

  @ApiPropertyOptional({ example: 'DE', description: "ISO 3166-1 alpha-2, or ''." })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @Matches(/^([A-Z]{2})?$/, { message: 'Country must be a two-letter code.' })
  country?: string;

  @ApiProperty({ type: SelectedLocationDto })
  @IsDefined({ message: 'Please choose one of the trial’s sites.' })
  @ValidateNested()
  @Type(() => SelectedLocationDto)
  selectedLocation: SelectedLocationDto;

  @ApiProperty({ enum: [true], description: 'The consent checkbox: must be true.' })
  @Equals(true, { message: 'Please agree to our consent before confirming.' })
  consent: boolean;
}
