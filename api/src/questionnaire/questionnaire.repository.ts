import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Answers } from '@trialflow/contract';
import { withoutParameters as cleanQueryError } from '../database/database-unavailable';
import { Questionnaire } from './questionnaire.entity';

/** Postgres' foreign-key violation: the token's user no longer exists. */
export class QuestionnaireOwnerGoneError extends Error {}

const RETURNING = `RETURNING id, user_id AS "userId", session_id AS "sessionId",
  user_source AS "userSource", answers, created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * A failed query as an error without its parameters: TypeORM's QueryFailedError carries them
 * (the answers), and the error filter logs 500s with their error.
 */
function withoutParameters(error: unknown, what: string): Error {
  const code = (error as { code?: unknown }).code;
  if (code === '23503') {
    return new QuestionnaireOwnerGoneError('The questionnaire owner does not exist');
  }
  return cleanQueryError(error, what);
}

@Injectable()
export class QuestionnaireRepository {
  constructor(@InjectRepository(Questionnaire) private readonly repo: Repository<Questionnaire>) {}

  findByUserId(userId: string): Promise<Questionnaire | null> {
    return this.repo.findOneBy({ userId });
  }

  findBySessionId(sessionId: string): Promise<Questionnaire | null> {
    return this.repo.findOneBy({ sessionId });
  }

  /** Creates or replaces the user's questionnaire; a missing userSource keeps the stored one. */
  upsertForUser(
    userId: string,
    answers: Answers,
    userSource: string | null,
  ): Promise<Questionnaire> {
    return this.upsert('user_id', userId, answers, userSource);
  }

  /** Creates or replaces the session's questionnaire; a missing userSource keeps the stored one. */
  upsertForSession(
    sessionId: string,
    answers: Answers,
    userSource: string | null,
  ): Promise<Questionnaire> {
    return this.upsert('session_id', sessionId, answers, userSource);
  }

  private async upsert(
    owner: 'user_id' | 'session_id',
    ownerId: string,
    answers: Answers,
    userSource: string | null,
  ): Promise<Questionnaire> {
    try {
      const rows = await this.repo.manager.query<Questionnaire[]>(
        `INSERT INTO questionnaire (${owner}, user_source, answers) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (${owner}) DO UPDATE SET answers = EXCLUDED.answers,
           user_source = coalesce(EXCLUDED.user_source, questionnaire.user_source),
           updated_at = now()
         ${RETURNING}`,
        [ownerId, userSource, JSON.stringify(answers)],
      );
      return rows[0];
    } catch (error) {
      throw withoutParameters(error, 'Saving a questionnaire');
    }
  }
}
