import { BadRequestException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { AuthUser } from '../common/auth/auth-user';
import { toQuestionnaireResponse } from './dto/questionnaire.dto';
import type { Questionnaire } from './questionnaire.entity';
import {
  QuestionnaireOwnerGoneError,
  type QuestionnaireRepository,
} from './questionnaire.repository';
import { parseSaveBody, QuestionnaireService, SESSION_ID_REQUIRED } from './questionnaire.service';

const SESSION = 'a1b2c3d4-e5f6-4789-abcd-ef0123456789';
const ADA: AuthUser = {
  id: '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f',
  email: 'a@x.example',
  roles: ['hcp'],
  sessionId: '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f',
};

function errorBody(fn: () => unknown): { message: string; errors: Record<string, string> } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse() as {
      message: string;
      errors: Record<string, string>;
    };
  }
  throw new Error('expected a 400');
}

describe(parseSaveBody.name, () => {
  it('should separate the answers from the owner and drop bookkeeping and empty values', () => {
    expect(
      parseSaveBody({
        egfr: true,
        age: '61',
        brca1: '',
        psa: null,
        ethnicity_multiselect: [],
        sessionId: SESSION,
        userId: 'someone-else',
        userSource: 'ancora_hcp',
        _id: 'x',
        __v: 0,
        timestamp: 'yesterday',
      }),
    ).toEqual({
      answers: { egfr: 'yes', age: 61 },
      sessionId: SESSION,
      userSource: 'ancora_hcp',
    });
  });

  it('should treat a missing or empty sessionId and userSource as none', () => {
    expect(parseSaveBody({ sessionId: '', userSource: '' })).toEqual({
      answers: {},
      sessionId: null,
      userSource: null,
    });
  });

  it('should name unknown fields and wrong values with their own codes, all at once', () => {
    expect(errorBody(() => parseSaveBody({ colour: 'blue', ecog: 7 }))).toEqual({
      statusCode: 400,
      message: 'colour is not a questionnaire field; ecog must be one of: 0, 1, 2, 3, 4, dontknow',
      errors: { colour: 'unknownField', ecog: 'invalidAnswer' },
    });
  });

  it.each(['short', 'x'.repeat(129), 'with space 1234567', 17, ['a'], { id: SESSION }])(
    'should refuse the sessionId %j with one message',
    (sessionId) => {
      expect(errorBody(() => parseSaveBody({ sessionId }))).toMatchObject({
        message: 'sessionId must be 16 to 128 characters of A-Z, a-z, 0-9, _ and -',
        errors: { sessionId: 'invalidSessionId' },
      });
    },
  );

  it.each([[[1]], ['text'], [null]])('should refuse the body %j', (body) => {
    expect(errorBody(() => parseSaveBody(body)).message).toBe(
      'The body must be a JSON object of questionnaire answers',
    );
  });
});

describe(QuestionnaireService.name, () => {
  const stored = (overrides: Partial<Questionnaire> = {}): Questionnaire => ({
    id: '0d6f2a4e-3c1b-4e8a-9f7d-5b2c1a0e9d8f',
    userId: null,
    sessionId: SESSION,
    userSource: null,
    answers: { egfr: 'yes' },
    createdAt: new Date('2026-11-20T10:00:00Z'),
    updatedAt: new Date('2026-11-21T10:00:00Z'),
    ...overrides,
  });

  function serviceWith(repo: Partial<QuestionnaireRepository>) {
    const calls: unknown[][] = [];
    const record =
      (name: string, result: () => Promise<Questionnaire | null>) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        return result();
      };
    const full = {
      upsertForUser: record('upsertForUser', () => Promise.resolve(stored({ userId: ADA.id }))),
      upsertForSession: record('upsertForSession', () => Promise.resolve(stored())),
      findByUserId: record('findByUserId', () => Promise.resolve(null)),
      findBySessionId: record('findBySessionId', () => Promise.resolve(null)),
      ...repo,
    };
    return { service: new QuestionnaireService(full as unknown as QuestionnaireRepository), calls };
  }

  it('should save a signed-in user’s questionnaire as theirs, whatever the body says', async () => {
    const { service, calls } = serviceWith({});
    await service.save(ADA, { egfr: 'no', userId: 'someone-else', sessionId: SESSION });
    expect(calls).toEqual([['upsertForUser', ADA.id, { egfr: 'no' }, null]]);
  });

  it('should save a visitor’s questionnaire by session, and need one', async () => {
    const { service, calls } = serviceWith({});
    await service.save(null, { egfr: 'no', sessionId: SESSION, userSource: 'ancora_hcp' });
    expect(calls).toEqual([['upsertForSession', SESSION, { egfr: 'no' }, 'ancora_hcp']]);
    await expect(service.save(null, { egfr: 'no', userId: ADA.id })).rejects.toThrow(
      SESSION_ID_REQUIRED,
    );
    expect(calls).toHaveLength(1);
  });

  it('should answer 401 when the token’s account no longer exists', async () => {
    const { service } = serviceWith({
      upsertForUser: () => Promise.reject(new QuestionnaireOwnerGoneError('gone')),
    });
    await expect(service.save(ADA, {})).rejects.toBeInstanceOf(UnauthorizedException);
  });

  it('should read the caller’s own questionnaire: the user’s by token, else the session’s', async () => {
    const { service, calls } = serviceWith({
      findByUserId: () => Promise.resolve(stored({ userId: ADA.id, sessionId: null })),
    });
    expect((await service.get(ADA, SESSION)).userId).toBe(ADA.id);
    await expect(service.get(null, SESSION)).rejects.toBeInstanceOf(NotFoundException);
    await expect(service.get(null, undefined)).rejects.toThrow(SESSION_ID_REQUIRED);
    expect(calls).toEqual([['findBySessionId', SESSION]]);
  });
});

describe(toQuestionnaireResponse.name, () => {
  it('should flatten answers and bookkeeping, naming only the owner', () => {
    const base = {
      id: 'q1',
      userSource: 'ancora_hcp',
      answers: { egfr: 'yes', age: 61 },
      createdAt: new Date('2026-11-20T10:00:00Z'),
      updatedAt: new Date('2026-11-21T10:00:00Z'),
    } as const;
    expect(toQuestionnaireResponse({ ...base, userId: null, sessionId: SESSION })).toEqual({
      questionnaire: {
        egfr: 'yes',
        age: 61,
        _id: 'q1',
        sessionId: SESSION,
        userSource: 'ancora_hcp',
        timestamp: '2026-11-21T10:00:00.000Z',
      },
    });
    const user = toQuestionnaireResponse({
      ...base,
      userSource: null,
      userId: ADA.id,
      sessionId: null,
    }).questionnaire;
    expect(user).toEqual({
      egfr: 'yes',
      age: 61,
      _id: 'q1',
      userId: ADA.id,
      timestamp: '2026-11-21T10:00:00.000Z',
    });
  });
});
