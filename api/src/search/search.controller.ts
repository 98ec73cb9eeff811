import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { RateLimit } from '../common/rate-limit.decorator';
import { TrialDetailsParams, TrialDetailsQuery } from './dto/trial-details.params';
import {
  TrialDetailsDto,
  TrialSearchResponseDto,
  TrialSummaryResponseDto,
} from './dto/trial-search-response.dto';
import { TrialSearchDto, TrialSummaryRequestDto } from './dto/trial-search.dto';
import { SearchService } from './search.service';

const SEARCH_NOTES =
  'Only trials taking patients (recruiting or not yet recruiting) with an open site in the ' +
  'radius are searched. A trial is left out only when an answered criterion contradicts one of ' +
  'its rules; unanswered ones are "to check". Pages of 25.';

/** Trial search (spec 02 §7 calls 1 and 2) and the details screen. Public, like the spec's host. */
@ApiTags('trials')
@Controller('trials')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Post('questionnaire')
  @HttpCode(200)
  @RateLimit('search')
  @ApiOperation({
    summary: 'Search trials for a patient: the page of hits, total, facets',
    description: SEARCH_NOTES,
  })
  @ApiOkResponse({ type: TrialSearchResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Incomplete location criteria (named), an unknown criterion, a bad filter value.',
  })
  searchTrials(@Body() body: TrialSearchDto): Promise<TrialSearchResponseDto> {
    return this.search.search(body);
  }

  @Post('summary')
  @HttpCode(200)
  @RateLimit('search')
  @ApiOperation({
    summary: 'Trial summaries with the reasons they fit: the page, or the trials named',
    description: SEARCH_NOTES,
  })
  @ApiOkResponse({ type: TrialSummaryResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'Incomplete location criteria (named), an unknown criterion, a bad filter value.',
  })
  summarizeTrials(@Body() body: TrialSummaryRequestDto): Promise<TrialSummaryResponseDto> {
    return this.search.summary(body);
  }

  @Get(':nctId')
  @ApiOperation({
    summary: 'One trial for the details screen, evaluated for the answers in q',
  })
  @ApiOkResponse({ type: TrialDetailsDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Malformed NCT id or q.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No trial with this NCT id.' })
  getTrial(
    @Param() params: TrialDetailsParams,
    @Query() query: TrialDetailsQuery,
  ): Promise<TrialDetailsDto> {
    return this.search.details(params.nctId, query.q, query.facility, query.sites);
  }
}
