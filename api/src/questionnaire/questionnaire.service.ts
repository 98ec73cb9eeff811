import {
  BadRequestException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { AuthUser } from '../common/auth/auth-user';
import { isAnswerField, validateAnswers, type Answers } from '@trialflow/contract';
import {
  OWNER_FIELDS,
  SERVER_FIELDS,
  SESSION_ID,
  SESSION_ID_MESSAGE,
} from './dto/questionnaire.dto';
import type { Questionnaire } from './questionnaire.entity';
import { QuestionnaireOwnerGoneError, QuestionnaireRepository } from './questionnaire.repository';

export const SESSION_ID_REQUIRED = 'sessionId is required for a visitor who is not signed in';

function badRequest(message: string, errors: Record<string, string>): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors });
}

export interface SaveInput {
  answers: Answers;
  sessionId: string | null;
  userSource: string | null;
}

/**
 * The body of a save as answers, session and source, or a 400 naming each bad field: an
 * unknown field (errors code unknownField) or a wrong value (invalidAnswer), and a malformed
 * sessionId. userId and the server's bookkeeping are dropped: never trusted from a body.
 */
export function parseSaveBody(body: unknown): SaveInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The body must be a JSON object of questionnaire answers', {});
  }
  const validation = validateAnswers(body);
  const problems = ('errors' in validation ? validation.errors : [])
    .filter((e) => e.field !== 'sessionId')
    .map((e) => ({ ...e, code: isAnswerField(e.field) ? 'invalidAnswer' : 'unknownField' }));
  // Checked here, not by the schema's text rule, so a bad one always reads the same.
  const raw = (body as { sessionId?: unknown }).sessionId;
  const given = !(raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim()));
  const sessionId = typeof raw === 'string' && SESSION_ID.test(raw) ? raw : undefined;
  if (given && !sessionId) {
    problems.push({ field: 'sessionId', message: SESSION_ID_MESSAGE, code: 'invalidSessionId' });
  }
  if (problems.length > 0) {
    throw badRequest(
      problems.map((e) => e.message).join('; '),
      Object.fromEntries(problems.map((e) => [e.field, e.code])),
    );
  }
  if ('errors' in validation) {
    // Only sessionId was wrong, and it is reported above; this keeps the types narrow.
    throw badRequest(SESSION_ID_MESSAGE, { sessionId: 'invalidSessionId' });
  }
  const answers: Answers = { ...validation.answers };
  const userSource = answers.userSource;
  for (const field of [...SERVER_FIELDS, ...OWNER_FIELDS]) {
    delete answers[field];
  }
  return { answers, sessionId: sessionId ?? null, userSource: userSource ?? null };
}

/**
 * Saved questionnaires (spec 02 §7 call 3): a signed-in user's is theirs by the token, a
 * visitor's by the session id; each caller reaches only their own. Answers are patient data:
 * nothing here logs them.
 */
@Injectable()
export class QuestionnaireService {
  constructor(private readonly questionnaires: QuestionnaireRepository) {}

  async save(caller: AuthUser | null, body: unknown): Promise<Questionnaire> {
    const input = parseSaveBody(body);
    try {
      if (caller) {
        return await this.questionnaires.upsertForUser(caller.id, input.answers, input.userSource);
      }
      if (!input.sessionId) {
        throw badRequest(SESSION_ID_REQUIRED, { sessionId: 'isNotEmpty' });
      }
      return await this.questionnaires.upsertForSession(
        input.sessionId,
        input.answers,
        input.userSource,
      );
    } catch (error) {
      if (error instanceof QuestionnaireOwnerGoneError) {
        // A valid token of an account deleted since it was issued.
        throw new UnauthorizedException(
          'Please log in again: your session is missing, invalid or expired.',
        );
      }
      throw error;
    }
  }

  async get(caller: AuthUser | null, sessionId: string | undefined): Promise<Questionnaire> {
    if (caller) {
      const own = await this.questionnaires.findByUserId(caller.id);
      if (!own) {
        throw new NotFoundException('No questionnaire is saved for your account yet.');
      }
      return own;
    }
    if (!sessionId) {
      throw badRequest(SESSION_ID_REQUIRED, { sessionId: 'isNotEmpty' });
    }
    const session = await this.questionnaires.findBySessionId(sessionId);
    if (!session) {
      throw new NotFoundException('No questionnaire is saved for this session yet.');
    }
    return session;
  }
}
