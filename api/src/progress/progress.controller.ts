import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../common/auth/auth.decorator';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/current-user.decorator';
import { ClientIp } from '../common/client-ip.decorator';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { NOT_SELF, uuidParam } from '../common/uuid-param';
import { CreateTrialRequestDto } from './dto/create-trial-request.dto';
import {
  toTrialRequestDetails,
  toTrialRequestResponse,
  TrialRequestDetailsDto,
  TrialRequestEnvelopeDto,
  TrialRequestResponseDto,
} from './dto/trial-request-response.dto';
import { UpdateTrialRequestDto } from './dto/update-trial-request.dto';
import { ProgressService } from './progress.service';

const uuid = uuidParam();

/** Trial requests (spec 01 §7 progress calls). Every read and change is audited. */
@ApiTags('progress')
@Controller('hcp/progress')
export class ProgressController {
  constructor(private readonly progress: ProgressService) {}

  @Get(':userId')
  @Auth()
  @ApiOperation({
    summary: 'The trial requests of the caller, newest first',
    description:
      "An HCP gets their own requests; a clinops user the requests of their facilities' sites.",
  })
  @ApiOkResponse({ type: [TrialRequestResponseDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'userId is not a uuid.' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: NOT_SELF })
  async listTrialRequests(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Param('userId', uuid) userId: string,
  ): Promise<TrialRequestResponseDto[]> {
    return (await this.progress.list(caller, userId, ip)).map(toTrialRequestResponse);
  }

  @Get(':userId/:requestId')
  @Auth()
  @ApiOperation({
    summary: 'One trial request with its history (timeline)',
    description: 'For the requesting HCP and for clinops of the request’s site.',
  })
  @ApiOkResponse({ type: TrialRequestDetailsDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'An id is not a uuid.' })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: `${NOT_SELF} Or the caller may not see this request.`,
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such trial request.' })
  async getTrialRequest(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Param('userId', uuid) userId: string,
    @Param('requestId', uuid) requestId: string,
  ): Promise<TrialRequestDetailsDto> {
    const { request, history } = await this.progress.details(caller, userId, requestId, ip);
    return toTrialRequestDetails(request, history);
  }

  // Express matches /api/hcp/progress/ too, the path the spec's client posts to.
  @Post()
  @Auth({ roles: ['hcp'] })
  @ApiOperation({
    summary: 'Send a trial request (starts as newRequest)',
    description:
      'The site must be one of the trial’s sites; at most 50 requests per user. The site’s ' +
      'clinops users are notified (panel, e-mail, events).',
  })
  @ApiCreatedResponse({ type: TrialRequestEnvelopeDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'A field is missing or wrong (each named in errors), e.g. identifier, consent, trialId ' +
      '(unknownTrial), selectedLocation.facility_id (notATrialSite), questionnaire.type_of_disease.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: `${NOT_SELF} Or not an HCP.` })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'The maximum of 50 requests is reached (errors.progress: maxRequestsReached).',
  })
  async createTrialRequest(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Body() body: CreateTrialRequestDto,
  ): Promise<TrialRequestEnvelopeDto> {
    return { progress: toTrialRequestResponse(await this.progress.create(caller, body, ip)) };
  }

  @Put(':userId')
  @Auth()
  @ApiOperation({
    summary: 'Change a request’s status (clinops of its site) or cancel it (its HCP)',
    description:
      'Clinops of the request’s site set waitlist, inReview, accepted, enrolled or rejected from ' +
      'any status but cancelled; only the requesting HCP cancels. The message (≤ 500) is required ' +
      'and kept in the history. The other side is notified.',
  })
  @ApiOkResponse({ type: TrialRequestEnvelopeDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'progress, progressStatus or message missing or wrong (each named).',
  })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: `${NOT_SELF} Or the caller may not make this change.`,
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such trial request.' })
  @ApiConflictResponse({
    type: ErrorResponseDto,
    description: 'The request is cancelled (errors.progress: requestCancelled).',
  })
  async updateTrialRequest(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Param('userId', uuid) userId: string,
    @Body() body: UpdateTrialRequestDto,
  ): Promise<TrialRequestEnvelopeDto> {
    return {
      progress: toTrialRequestResponse(await this.progress.update(caller, userId, body, ip)),
    };
  }
}
