import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { SUPPORTED_LANGUAGES, ALPHANUMERIC, FULL_NAME, PHONE, TEXT_MAX } from '@trialflow/contract';
import { trim } from '../../common/transforms';

/** What a user may change of their own profile; e-mail and roles are not among it. */
export class UpdateUserDto {
  @ApiPropertyOptional({ maxLength: TEXT_MAX })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(FULL_NAME, { message: "Input can only be a letter of an alphabet or a '.'." })
  @MaxLength(TEXT_MAX, { message: 'Input must have less than 60 characters.' })
  @IsNotEmpty({ message: 'First name is required.' })
  firstName?: string;

  @ApiPropertyOptional({ maxLength: TEXT_MAX })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(FULL_NAME, { message: "Input can only be a letter of an alphabet or a '.'." })
  @MaxLength(TEXT_MAX, { message: 'Input must have less than 60 characters.' })
  @IsNotEmpty({ message: 'Last name is required.' })
  lastName?: string;

  @ApiPropertyOptional({ example: '+4930123456', description: "'' to remove" })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/[\s()-]/g, '') : value,
  )
  @IsString()
  @Matches(new RegExp(`^$|${PHONE.source}`), {
    message: 'Phone number must have 4 or more digits! It can have a maximum of 15 digits.',
  })
  phoneNumber?: string;

  @ApiPropertyOptional({ example: 'DE', description: "ISO 3166-1 alpha-2, or ''" })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @Matches(/^([A-Z]{2})?$/, { message: 'Country must be a two-letter code.' })
  country?: string;

  @ApiPropertyOptional({ maxLength: TEXT_MAX })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Matches(ALPHANUMERIC, { message: 'Input can only be a letter of an alphabet or a number.' })
  @MaxLength(TEXT_MAX, { message: 'Input must have less than 60 characters.' })
  institution?: string;

  @ApiPropertyOptional({ enum: SUPPORTED_LANGUAGES, enumName: 'Language' })
  @IsOptional()
  @IsIn(SUPPORTED_LANGUAGES)
  language?: (typeof SUPPORTED_LANGUAGES)[number];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  subscribe?: boolean;
}
