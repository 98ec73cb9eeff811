import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FoundPlace, FoundPostcode } from '../places.repository';
import { placeLabel, spellingTyped } from '../search-text';

export class PlaceDto {
  @ApiProperty({
    example: '2950159',
    description:
      'The GeoNames id of a city; "DE-10117-berlin" (country, code, place) of a postcode.',
  })
  id: string;

  @ApiProperty({
    example: 'Berlin, State of Berlin, Germany',
    description:
      'City, region and country. A city found by another of its names shows that name with ' +
      'the gazetteer\'s in brackets ("München (Munich), Bavaria, Germany"); a postcode comes ' +
      'first ("10117 Berlin, State of Berlin, Germany").',
  })
  label: string;

  @ApiProperty({ example: 'Berlin', description: "The gazetteer's name of the city." })
  city: string;

  @ApiPropertyOptional({
    example: '10117',
    description: 'The postcode, when the text was one; the coordinates are then of the postcode.',
  })
  postcode?: string;

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
      "Best first: names (the gazetteer's or another of the city's, e.g. München, Wien) " +
      'starting with the text by population (the exact name weighing 50 times its ' +
      'population), then names with a later word starting with it; only when neither matches, ' +
      'similar names (a typo). A text starting with a postcode answers its places: the exact ' +
      "code first, then those of the visitor's country (the geolocation header, when one is " +
      'configured), then by population, so a code of several countries (28001) lists each. A UK ' +
      "outward code (M1, SW1A, SW1A 1AA: no UK postcode data is bundled) answers its area's " +
      'post town first (M1: Manchester), then the codes of other countries it starts (Toronto).',
  })
  places: PlaceDto[];
}

/** A place found; typed: the name as typed, to show another name in the spelling typed. */
export function toPlaceDto(p: FoundPlace, typed = ''): PlaceDto {
  const otherName = p.otherName
    ? spellingTyped([p.otherName, ...(p.otherSpellings ? p.otherSpellings.split('\t') : [])], typed)
    : null;
  return {
    id: String(p.id),
    label: placeLabel(p.name, p.region, p.country, { otherName }),
    city: p.name,
    region: p.region,
    countryCode: p.countryCode,
    latitude: p.latitude,
    longitude: p.longitude,
  };
}

export function toPostcodeDto(p: FoundPostcode): PlaceDto {
  return {
    id: `${p.countryCode}-${p.postcode}-${p.searchName.replace(/ /g, '-')}`,
    label: placeLabel(p.name, p.region, p.country, { postcode: p.postcode }),
    city: p.name,
    postcode: p.postcode,
    region: p.region,
    countryCode: p.countryCode,
    latitude: p.latitude,
    longitude: p.longitude,
  };
}
