import { ApiProperty } from '@nestjs/swagger';

export class VisitorCountryResponseDto {
  @ApiProperty({
    example: 'DE',
    description: 'ISO 3166-1 alpha-2 country of the visitor; HR when it cannot be had.',
  })
  countryCode: string;
}
