import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { PLACE_QUERY, PLACE_QUERY_MAX } from '../search-text';

export const PLACES_LIMIT_DEFAULT = 8;
export const PLACES_LIMIT_MAX = 20;

export class SearchPlacesQuery {
  @ApiProperty({
    example: 'Berl',
    minLength: 1,
    maxLength: PLACE_QUERY_MAX,
    pattern: PLACE_QUERY.source,
    description:
      "What the user typed: letters of any alphabet, digits, spaces and . , ' - ( ). Case and " +
      'accents do not matter. Text after a comma narrows by region or country ' +
      '("Berlin, Germany", "Paris, US"), so a chosen label typed back finds its place.',
  })
  @Matches(PLACE_QUERY, {
    message: "q may hold only letters, digits, spaces and . , ' - ( )",
  })
  @Length(1, PLACE_QUERY_MAX, { message: `q must be 1 to ${PLACE_QUERY_MAX} characters` })
  @IsString({ message: 'q must be one text' })
  q: string;

  @ApiPropertyOptional({
    default: PLACES_LIMIT_DEFAULT,
    minimum: 1,
    maximum: PLACES_LIMIT_MAX,
    description: 'How many places at most.',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
  )
  @Max(PLACES_LIMIT_MAX)
  @Min(1)
  @IsInt({ message: `limit must be a whole number from 1 to ${PLACES_LIMIT_MAX}` })
  @IsOptional()
  limit?: number;
}
