import { ApiProperty } from '@nestjs/swagger';
import type { FoundPlace } from '../places.repository';
import { placeLabel } from '../search-text';

export class PlaceDto {
  @ApiProperty({ example: '2950159', description: 'The GeoNames id.' })
  id: string;

  @ApiProperty({ example: 'Berlin, State of Berlin, Germany' })
  label: string;

  @ApiProperty({ example: 'Berlin' })
  city: string;

  @ApiProperty({
    example: 'State of Berlin',
    description: "The first-level region (state, Land, province); '' when none is known.",
  })
  region: string;

  @ApiProperty({ example: 'DE', description: 'ISO 3166-1 alpha-2.' })
  countryCode: string;

  @ApiProperty({ example: 52.52437 })
  latitude: number;

  @ApiProperty({ example: 13.41053 })
  longitude: number;
}

export class PlacesResponseDto {
  @ApiProperty({
    type: PlaceDto,
    isArray: true,
    description:
      'Best first: names starting with the text by population (the exact name weighing 50 ' +
      'times its population), then names with a later word starting with it; only when ' +
      'neither matches, similar names (a typo).',
  })
  places: PlaceDto[];
}

export function toPlaceDto(p: FoundPlace): PlaceDto {
  return {
    id: String(p.id),
    label: placeLabel(p.name, p.region, p.country),
    city: p.name,
    region: p.region,
    countryCode: p.countryCode,
    latitude: p.latitude,
    longitude: p.longitude,
  };
}
