import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { BatchedRateLimit } from '../common/rate-limit.decorator';
import { PlacesResponseDto } from './dto/place-response.dto';
import { PLACES_LIMIT_DEFAULT, SearchPlacesQuery } from './dto/search-places.query';
import { VisitorCountryResponseDto } from './dto/visitor-country-response.dto';
import { PlacesService } from './places.service';

/**
 * Offline place autocomplete (the bundled GeoNames gazetteer) and the visitor's country. Read
 * only and typed letter by letter: their rate-limit hits are counted in memory, in batches.
 */
@ApiTags('places')
@BatchedRateLimit()
@Controller('places')
export class PlacesController {
  constructor(private readonly places: PlacesService) {}

  @Get()
  @ApiOperation({
    summary: 'Cities matching an autocomplete text, best first',
    description:
      'Cities of at least 1,000 inhabitants from the bundled GeoNames gazetteer; nothing is ' +
      'sent to a third party. Case, accents and punctuation do not matter.',
  })
  @ApiOkResponse({ type: PlacesResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'q is missing, longer than 60 characters or holds other characters; bad limit.',
  })
  async searchPlaces(
    @Query() query: SearchPlacesQuery,
    @Req() req: Request,
  ): Promise<PlacesResponseDto> {
    const places = await this.places.search(
      query.q,
      query.limit ?? PLACES_LIMIT_DEFAULT,
      this.places.knownVisitorCountry(req.headers),
    );
    return { places };
  }

  @Get('visitor-country')
  @ApiOperation({
    summary: "The visitor's country by IP geolocation, HR when unknown",
    description:
      'Read from the request header named by VISITOR_COUNTRY_HEADER (e.g. CF-IPCountry, set by ' +
      'the proxy in front of the API); HR when it is not configured, missing or not a country.',
  })
  @ApiOkResponse({ type: VisitorCountryResponseDto })
  getVisitorCountry(@Req() req: Request): VisitorCountryResponseDto {
    return { countryCode: this.places.visitorCountry(req.headers) };
  }
}
