import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { QuestionnaireController } from '../api/src/questionnaire/questionnaire.controller';
import { activeSigningKey, productTokenClaims, rs256Token } from './factories/jwt';
import { registerUser } from './utils/accounts';
import { createTestApp, TestApp } from './utils/test-app';

const SESSION_REQUIRED = 'sessionId is required for a visitor who is not signed in';

/** A form as the web app sends it: answers, empty fields, who is asking. */
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type_of_disease: 'lung_cancer',
    lung_cancer: 'nsclc',
    egfr: true,
    ecog: 1,
    age: '61',
    gender: 'female',
    ethnicity_multiselect: [],
    facility_ids: [17, '42'],
    radius: '1000',
    radius_unit: 'KM',
    zip_code: 'Berlin, State of Berlin, Germany',
    country_name: 'DE',
    latitude: 52.52437,
    longitude: 13.41053,
    brca1: '',
    psa: null,
    userSource: 'ancora_hcp',
    ...overrides,
  };
}

/** What the stored questionnaire holds of form(): normalised, the empty fields gone. */
const STORED_ANSWERS = {
  type_of_disease: 'lung_cancer',
  lung_cancer: 'nsclc',
  egfr: 'yes',
  ecog: '1',
  age: 61,
  gender: 'female',
  facility_ids: ['17', '42'],
  radius: 1000,
  radius_unit: 'KM',
  zip_code: 'Berlin, State of Berlin, Germany',
  country_name: 'DE',
  latitude: 52.52437,
  longitude: 13.41053,
};

describe(QuestionnaireController.name, () => {
  let t: TestApp;
  let ada: { token: string; userId: string };
  let bob: { token: string; userId: string };

  const save = (body: unknown, token?: string, path = '/api/questionnaire'): request.Test => {
    const req = request(t.http).post(path);
    return (token === undefined ? req : req.set('Authorization', `Bearer ${token}`)).send(
      body as object,
    );
  };
  const read = (query: Record<string, string> = {}, token?: string): request.Test => {
    const req = request(t.http).get('/api/questionnaire').query(query);
    return token === undefined ? req : req.set('Authorization', `Bearer ${token}`);
  };
  const rowsOf = async (column: 'user_id' | 'session_id', value: string): Promise<number> => {
    const [{ n }] = await t.dataSource.query<{ n: string }[]>(
      `SELECT count(*) AS n FROM questionnaire WHERE ${column} = $1`,
      [value],
    );
    return Number(n);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await registerUser(t.http, t.dataSource);
    const b = await registerUser(t.http, t.dataSource);
    ada = { token: a.token, userId: a.user._id };
    bob = { token: b.token, userId: b.user._id };
  });

  afterAll(async () => {
    await t.close();
  });

  describe('a visitor (session)', () => {
    const sessionId = randomUUID();

    it('should save the form without its empty values and answer the stored questionnaire', async () => {
      const res = await save(form({ sessionId, userId: null })).expect(200);
      const { _id, timestamp, ...rest } = res.body.questionnaire;
      expect(rest).toEqual({ ...STORED_ANSWERS, sessionId, userSource: 'ancora_hcp' });
      expect(_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(timestamp)).toBeGreaterThan(Date.now() - 60_000);
      expect(res.body.questionnaire).not.toHaveProperty('userId');
    });

    it('should read it back by sessionId', async () => {
      const res = await read({ sessionId }).expect(200);
      expect(res.body.questionnaire).toMatchObject({ ...STORED_ANSWERS, sessionId });
    });

    it('should keep one questionnaire per session, replaced by each save', async () => {
      const first = (await read({ sessionId }).expect(200)).body.questionnaire;
      // The stored questionnaire sent back, changed: bookkeeping fields are accepted and ignored.
      const res = await save({
        ...first,
        _id: 'forged-id',
        __v: 0,
        timestamp: '2020-01-01T00:00:00.000Z',
        ecog: '2',
        egfr: '',
        userSource: undefined,
      }).expect(200);
      const second = res.body.questionnaire;
      expect(second._id).toBe(first._id);
      expect(second.ecog).toBe('2');
      expect(second).not.toHaveProperty('egfr');
      expect(second.userSource).toBe('ancora_hcp'); // kept from the last save
      expect(Date.parse(second.timestamp)).toBeGreaterThanOrEqual(Date.parse(first.timestamp));
      expect(await rowsOf('session_id', sessionId)).toBe(1);
      expect((await read({ sessionId }).expect(200)).body.questionnaire).toEqual(second);
    });

    it('should accept the spec client’s path with a trailing slash and an empty bearer', async () => {
      const other = randomUUID();
      const res = await request(t.http)
        .post('/api/questionnaire/')
        .set('Authorization', 'Bearer ')
        .send(form({ sessionId: other }))
        .expect(200);
      expect(res.body.questionnaire.sessionId).toBe(other);
    });

    it('should not read another session’s questionnaire', async () => {
      const res = await read({ sessionId: randomUUID() }).expect(404);
      expect(res.body.message).toBe('No questionnaire is saved for this session yet.');
    });

    it('should ask a visitor for a sessionId to save or read', async () => {
      const saved = await save(form()).expect(400);
      expect(saved.body).toMatchObject({
        message: SESSION_REQUIRED,
        errors: { sessionId: 'isNotEmpty' },
      });
      expect((await read().expect(400)).body.message).toBe(SESSION_REQUIRED);
      expect((await save({}).expect(400)).body.message).toBe(SESSION_REQUIRED);
    });

    it.each([
      'short',
      'x'.repeat(129),
      'has space in it 123',
      'semi;colon-1234567',
      'ü'.repeat(20),
    ])('should answer 400 for the malformed sessionId %j', async (bad) => {
      const saved = await save(form({ sessionId: bad })).expect(400);
      expect(saved.body.errors).toEqual({ sessionId: 'invalidSessionId' });
      expect(saved.body.message).toContain('sessionId must be 16 to 128 characters');
      const got = await read({ sessionId: bad }).expect(400);
      expect(got.body.message).toContain('sessionId must be 16 to 128 characters');
    });

    it('should not let a userId in the body make a visitor that user', async () => {
      const visitorSession = randomUUID();
      const res = await save(form({ sessionId: visitorSession, userId: ada.userId })).expect(200);
      expect(res.body.questionnaire.sessionId).toBe(visitorSession);
      expect(res.body.questionnaire).not.toHaveProperty('userId');
      expect(await rowsOf('user_id', ada.userId)).toBe(0);
    });
  });

  describe('a signed-in user', () => {
    it('should have none before the first save', async () => {
      const res = await read({}, bob.token).expect(404);
      expect(res.body.message).toBe('No questionnaire is saved for your account yet.');
    });

    it('should save and read their own questionnaire by the token', async () => {
      const sessionId = randomUUID();
      const res = await save(form({ sessionId, userId: ada.userId }), ada.token).expect(200);
      const { _id, timestamp, ...rest } = res.body.questionnaire;
      expect(rest).toEqual({ ...STORED_ANSWERS, userId: ada.userId, userSource: 'ancora_hcp' });
      expect(typeof _id).toBe('string');
      expect(typeof timestamp).toBe('string');
      // The session id of a signed-in save is not used: no session questionnaire appears.
      expect(await rowsOf('session_id', sessionId)).toBe(0);
      const got = await read({}, ada.token).expect(200);
      expect(got.body.questionnaire).toEqual(res.body.questionnaire);
    });

    it('should keep one questionnaire per user', async () => {
      await save(form({ age: 70 }), ada.token).expect(200);
      const res = await save(form({ age: 71, gender: 'male' }), ada.token).expect(200);
      expect(res.body.questionnaire).toMatchObject({ age: 71, gender: 'male' });
      expect(await rowsOf('user_id', ada.userId)).toBe(1);
    });

    it('should ignore a userId in the body that is not the token’s user', async () => {
      const res = await save(form({ userId: ada.userId, ecog: '3' }), bob.token).expect(200);
      expect(res.body.questionnaire.userId).toBe(bob.userId);
      expect((await read({}, ada.token).expect(200)).body.questionnaire.ecog).not.toBe('3');
      expect((await read({}, bob.token).expect(200)).body.questionnaire.ecog).toBe('3');
    });

    it('should read only their own, whatever sessionId the query names', async () => {
      const visitorSession = randomUUID();
      await save(form({ sessionId: visitorSession, ecog: '4' })).expect(200);
      const res = await read({ sessionId: visitorSession }, bob.token).expect(200);
      expect(res.body.questionnaire.userId).toBe(bob.userId);
      expect(res.body.questionnaire).not.toHaveProperty('sessionId');
      expect(res.body.questionnaire.ecog).toBe('3');
    });

    it('should answer 401 to a token that is not valid, never falling back to the session', async () => {
      const sessionId = randomUUID();
      for (const token of ['not-a-token', 'eyJhbGciOiJub25lIn0.e30.']) {
        const res = await save(form({ sessionId }), token).expect(401);
        expect(res.body.message).toBe(
          'Please log in again: your session is missing, invalid or expired.',
        );
        await read({ sessionId }, token).expect(401);
      }
      expect(await rowsOf('session_id', sessionId)).toBe(0);
    });

    it('should answer 401, not 500, to a valid token of an account that is gone', async () => {
      const key = await activeSigningKey(t.dataSource, 'product');
      const ghost = rs256Token(
        productTokenClaims(randomUUID(), 'ghost@hospital.example'),
        key.privateKeyPem,
        key.kid,
      );
      // No session of that account is alive: every use of the token is refused.
      await save(form(), ghost).expect(401);
      await read({}, ghost).expect(401);
    });
  });

  describe('validation', () => {
    const sessionId = randomUUID();

    it('should answer 400 naming an unknown field', async () => {
      const res = await save(form({ sessionId, favourite_colour: 'blue' })).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        message: 'favourite_colour is not a questionnaire field',
        errors: { favourite_colour: 'unknownField' },
      });
    });

    it.each([
      [{ egfr: 'maybe' }, 'egfr', 'egfr must be one of: yes, no, dontknow'],
      [{ age: 'old' }, 'age', 'age must be a whole number from 0 to 120'],
      [{ age: 150 }, 'age', 'age must be a whole number from 0 to 120'],
      [{ latitude: 'north' }, 'latitude', 'latitude must be a number from -90 to 90'],
      [{ facility_ids: 'all' }, 'facility_ids', 'facility_ids must be a list of strings'],
      [{ zip_code: { city: 'Berlin' } }, 'zip_code', 'zip_code must be a string'],
      [{ type_of_disease: 'flu' }, 'type_of_disease', 'type_of_disease must be one of'],
      [{ userSource: 'x'.repeat(65) }, 'userSource', 'userSource must be at most 64 characters'],
    ])('should answer 400 for %j naming the field and the problem', async (bad, field, message) => {
      const res = await save(form({ sessionId, ...bad })).expect(400);
      expect(res.body.message).toContain(message);
      expect(res.body.errors).toEqual({ [field]: 'invalidAnswer' });
    });

    it('should name every bad field at once', async () => {
      const res = await save(form({ sessionId, egfr: 'maybe', colour: 'blue' })).expect(400);
      expect(res.body.errors).toEqual({ egfr: 'invalidAnswer', colour: 'unknownField' });
    });

    it('should answer 400, never 500, for bodies that are not a form', async () => {
      for (const body of [[1, 2], '"text"', 'null']) {
        const res = await request(t.http)
          .post('/api/questionnaire')
          .set('Content-Type', 'application/json')
          .send(typeof body === 'string' ? body : JSON.stringify(body));
        expect([body, res.status]).toEqual([body, 400]);
      }
      const broken = await request(t.http)
        .post('/api/questionnaire')
        .set('Content-Type', 'application/json')
        .send('{"sessionId": ');
      expect(broken.status).toBe(400);
    });

    it('should store nothing for a rejected save', async () => {
      await save(form({ sessionId, egfr: 'maybe' })).expect(400);
      expect(await rowsOf('session_id', sessionId)).toBe(0);
    });
  });

  describe('a deleted account', () => {
    it('should take its questionnaire with it', async () => {
      const carol = await registerUser(t.http, t.dataSource);
      await save(form(), carol.token).expect(200);
      expect(await rowsOf('user_id', carol.user._id)).toBe(1);
      await request(t.http)
        .delete(`/api/hcp/user/${carol.user._id}`)
        .set('Authorization', `Bearer ${carol.token}`)
        .expect(204);
      expect(await rowsOf('user_id', carol.user._id)).toBe(0);
    });
  });
});
