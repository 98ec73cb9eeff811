import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { CONDITION_KEYS } from '@trialflow/contract';
import { ANSWER_SCHEMA, YES_NO, type AnswerFieldSpec, type Answers } from '@trialflow/contract';
import type { Questionnaire } from '../questionnaire.entity';

/** A browser session id (the web app makes a UUID): 16 to 128 of A-Z a-z 0-9 _ -. */
export const SESSION_ID = /^[A-Za-z0-9_-]{16,128}$/;
export const SESSION_ID_MESSAGE =
  'sessionId must be 16 to 128 characters of A-Z, a-z, 0-9, _ and -';

/** Fields the server sets: sent back by the client with the stored questionnaire, ignored. */
export const SERVER_FIELDS = ['_id', '__v', 'timestamp', 'createdAt', 'updatedAt'] as const;
/** Who the questionnaire is for: columns of their own, not answers. */
export const OWNER_FIELDS = ['userId', 'sessionId', 'userSource'] as const;

const NOT_ANSWERS = new Set<string>([...SERVER_FIELDS, ...OWNER_FIELDS]);

/**
 * The OpenAPI schema of one answer, from its spec in answer-schema.ts. (A oneOf still names a
 * type: these properties have no reflected design type to fall back on; Swagger drops it.)
 */
function answerProperty(spec: AnswerFieldSpec): ApiPropertyOptions {
  switch (spec.kind) {
    case 'yesNo':
      return { enum: [...YES_NO], enumName: 'YesNoAnswer' };
    case 'select':
      return spec.options === CONDITION_KEYS
        ? { enum: [...CONDITION_KEYS], enumName: 'ConditionKey' }
        : { enum: [...spec.options] };
    case 'number': {
      const number = { type: 'number', minimum: spec.min, maximum: spec.max };
      return spec.dontknow
        ? { type: 'string', oneOf: [number, { type: 'string', enum: ['dontknow'] }] }
        : { ...number, type: spec.integer ? 'integer' : 'number' };
    }
    case 'text':
      return { type: 'string', maxLength: spec.maxLength };
    case 'list':
      return { type: 'string', isArray: true, maxItems: spec.maxItems };
    case 'record':
      return { type: 'string', oneOf: [{ type: 'string' }, { type: 'number' }] };
  }
}

/**
 * The questionnaire answers (spec 02 §3): every field of ANSWER_SCHEMA, all optional. Its
 * properties are declared from the schema, so the OpenAPI document and the generated client
 * follow answer-schema.ts.
 */
export class QuestionnaireAnswersDto {}

for (const [field, spec] of Object.entries(ANSWER_SCHEMA)) {
  if (!NOT_ANSWERS.has(field)) {
    ApiPropertyOptional(answerProperty(spec))(QuestionnaireAnswersDto.prototype, field);
  }
}

const SAVE_NOTES =
  'Empty strings, null and empty lists are dropped. Yes/no answers also accept booleans; ' +
  'numbers and numeric options also accept numeric strings.';

/** The body of saveQuestionnaire: the form as it stands (spec 02 §7 call 3). */
export class SaveQuestionnaireDto extends QuestionnaireAnswersDto {
  @ApiPropertyOptional({
    example: '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f',
    pattern: SESSION_ID.source,
    description:
      "The visitor's session id; required without a bearer token, ignored with one. " + SAVE_NOTES,
  })
  sessionId?: string;

  @ApiPropertyOptional({
    description:
      'Ignored: the bearer token decides whose questionnaire it is, never the body (a visitor ' +
      'saves by sessionId).',
  })
  userId?: string;

  @ApiPropertyOptional({
    example: 'ancora_hcp',
    maxLength: 64,
    description: 'The partner source; kept from the last save when left out.',
  })
  userSource?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    description: 'Set by the server; accepted so a stored questionnaire can be sent back, ignored.',
  })
  _id?: string | number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    description: 'Set by the server; ignored.',
  })
  timestamp?: string | number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    description: 'Ignored.',
  })
  __v?: string | number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    description: 'Ignored.',
  })
  createdAt?: string | number;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }],
    description: 'Ignored.',
  })
  updatedAt?: string | number;
}

/** A stored questionnaire: the answers with its id, owner, source and time of the last save. */
export class QuestionnaireDto extends QuestionnaireAnswersDto {
  @ApiProperty({ example: '0d6f2a4e-3c1b-4e8a-9f7d-5b2c1a0e9d8f' })
  _id: string;

  @ApiPropertyOptional({ description: "The owner, for a signed-in user's questionnaire." })
  userId?: string;

  @ApiPropertyOptional({ description: "The owner, for a visitor's questionnaire." })
  sessionId?: string;

  @ApiPropertyOptional({ example: 'ancora_hcp' })
  userSource?: string;

  @ApiProperty({ format: 'date-time', description: 'When it was last saved.' })
  timestamp: string;
}

export class QuestionnaireResponseDto {
  @ApiProperty({ type: QuestionnaireDto })
  questionnaire: QuestionnaireDto;
}

/** The stored questionnaire as the client holds it: answers and bookkeeping in one flat map. */
export function toQuestionnaireResponse(q: Questionnaire): QuestionnaireResponseDto {
  const answers: Answers = q.answers;
  return {
    questionnaire: {
      ...answers,
      _id: q.id,
      ...(q.userId ? { userId: q.userId } : { sessionId: q.sessionId ?? undefined }),
      ...(q.userSource ? { userSource: q.userSource } : {}),
      timestamp: q.updatedAt.toISOString(),
    },
  };
}
