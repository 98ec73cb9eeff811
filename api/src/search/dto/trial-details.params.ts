import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, MaxLength, Min } from 'class-validator';

export class TrialDetailsParams {
  @ApiProperty({ example: 'NCT04487080', pattern: '^NCT\\d{8}$' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.toUpperCase() : value,
  )
  @Matches(/^NCT\d{8}$/, { message: 'nctId must be an NCT id like NCT01234567' })
  nctId: string;
}

export class TrialDetailsQuery {
  @ApiPropertyOptional({
    description:
      'The questionnaire answers as base64-encoded JSON (spec 02 §7 call 6): the eligibility is ' +
      'evaluated for them, and latitude/longitude, radius and radius_unit give the distances.',
  })
  @MaxLength(65_536)
  @IsOptional()
  q?: string;

  @ApiPropertyOptional({ description: 'A facility id whose site is put first.', example: 17 })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  )
  @Min(1)
  @IsInt()
  @IsOptional()
  facility?: number;

  @ApiPropertyOptional({
    description:
      'At most this many sites, the first in their order (the requested facility, then nearest ' +
      'first): a trial with hundreds of sites answers in a few kilobytes, and the details screen ' +
      'asks for the rest when they are shown. sitesTotal always counts them all. Without it, ' +
      'every site.',
    minimum: 1,
    maximum: 10_000,
    example: 10,
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  )
  @Max(10_000)
  @Min(1)
  @IsInt()
  @IsOptional()
  sites?: number;

  @ApiPropertyOptional({ description: 'The progress request id the details were opened from.' })
  @MaxLength(100)
  @IsOptional()
  requestID?: string;
}
