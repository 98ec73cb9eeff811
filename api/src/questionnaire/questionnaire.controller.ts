import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthUser } from '../common/auth/auth-user';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { GetQuestionnaireQuery } from './dto/get-questionnaire.query';
import {
  QuestionnaireResponseDto,
  SaveQuestionnaireDto,
  toQuestionnaireResponse,
} from './dto/questionnaire.dto';
import { OptionalAuthGuard, OptionalUser } from '../common/auth/optional-auth.guard';
import { QuestionnaireService } from './questionnaire.service';

const OWNER_NOTES =
  'Optional bearer token (product token): with one, the signed-in user’s questionnaire; ' +
  'without one (or with an empty "Bearer "), the visitor’s, by sessionId. A token that is sent ' +
  'must be valid. Each caller reaches only their own questionnaire.';

/** Saved questionnaires of users and visitor sessions (spec 02 §7 call 3). */
@ApiTags('questionnaire')
@Controller('questionnaire')
@UseGuards(OptionalAuthGuard)
export class QuestionnaireController {
  constructor(private readonly questionnaires: QuestionnaireService) {}

  // Express matches /api/questionnaire/ too, the path the spec's client posts to.
  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Save the questionnaire (one per user or session, replaced by each save)',
    description:
      `${OWNER_NOTES} The body is the flat answers map of the form; empty strings, null and ` +
      'empty lists are dropped, and the stored questionnaire comes back to replace the form.',
  })
  @ApiBody({ type: SaveQuestionnaireDto })
  @ApiOkResponse({ type: QuestionnaireResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'An unknown field or a wrong value (each named; errors: field → unknownField | ' +
      'invalidAnswer), a malformed sessionId, or no sessionId without a token.',
  })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'A token that is not valid.' })
  async saveQuestionnaire(
    @OptionalUser() caller: AuthUser | null,
    // Validated against answer-schema.ts by the service (the global pipe leaves plain objects).
    @Body() body: Record<string, unknown>,
  ): Promise<QuestionnaireResponseDto> {
    return toQuestionnaireResponse(await this.questionnaires.save(caller, body));
  }

  @Get()
  @ApiOperation({ summary: 'The saved questionnaire of the caller', description: OWNER_NOTES })
  @ApiOkResponse({ type: QuestionnaireResponseDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A malformed sessionId, or no sessionId without a token.',
  })
  @ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'A token that is not valid.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'None is saved yet.' })
  async getQuestionnaire(
    @OptionalUser() caller: AuthUser | null,
    @Query() query: GetQuestionnaireQuery,
  ): Promise<QuestionnaireResponseDto> {
    return toQuestionnaireResponse(await this.questionnaires.get(caller, query.sessionId));
  }
}
