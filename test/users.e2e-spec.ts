import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { UsersController } from '../api/src/users/users.controller';
import { decodePayload } from './factories/jwt';
import { makeClinops } from './factories/users';
import { loginProduct, registerUser, signIn } from './utils/accounts';
import { FAST_CAPTCHA_ENV } from './utils/captcha';
import { createTestApp, TestApp } from './utils/test-app';

describe(UsersController.name, () => {
  let t: TestApp;

  const as = (token: string) => ({
    get: (path: string) =>
      request(t.http).get(`/api/hcp/user/${path}`).set('Authorization', `Bearer ${token}`),
    put: (path: string, body: object) =>
      request(t.http)
        .put(`/api/hcp/user/${path}`)
        .set('Authorization', `Bearer ${token}`)
        .send(body),
    delete: (path: string) =>
      request(t.http).delete(`/api/hcp/user/${path}`).set('Authorization', `Bearer ${token}`),
  });
  const countRows = async (table: 'app_user' | 'identity_user', email: string): Promise<number> => {
    const rows: { n: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE email = $1`,
      [email],
    );
    return rows[0].n;
  };

  beforeAll(async () => {
    t = await createTestApp(FAST_CAPTCHA_ENV);
  });

  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/hcp/user/me', () => {
    it('should answer the signed-in user', async () => {
      const { account, token, user } = await registerUser(t.http, t.dataSource);
      const res = await as(token).get('me').expect(200);
      expect(res.body).toEqual({ user });
      expect(res.body.user).toMatchObject({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        type: 'hcp',
        clinopsuser: false,
        facilityIds: [],
      });
    });
  });

  describe('PUT /api/hcp/user/:id', () => {
    it('should update the own profile and keep what was not sent', async () => {
      const { token, user } = await registerUser(t.http, t.dataSource);
      const res = await as(token)
        .put(user._id, {
          firstName: '  Marie ',
          lastName: 'Skłodowska-Curie',
          phoneNumber: '+49 (30) 123-456',
          country: 'de',
          institution: 'Institut du Radium',
          language: 'es',
          subscribe: true,
        })
        .expect(200);
      expect(res.body.user).toEqual({
        ...user,
        firstName: 'Marie',
        lastName: 'Skłodowska-Curie',
        phoneNumber: '+4930123456',
        country: 'DE',
        institution: 'Institut du Radium',
        language: 'es',
        subscribe: true,
      });
      const partial = await as(token).put(user._id, { phoneNumber: '' }).expect(200);
      expect(partial.body.user).toMatchObject({ phoneNumber: '', firstName: 'Marie' });
      expect((await as(token).get('me').expect(200)).body.user).toEqual(partial.body.user);
    });

    it.each([
      [
        { lastName: 'Sm1th' },
        'lastName',
        'matches',
        "Input can only be a letter of an alphabet or a '.'.",
      ],
      [{ firstName: '' }, 'firstName', 'isNotEmpty', 'First name is required.'],
      [
        { lastName: 'x'.repeat(61) },
        'lastName',
        'maxLength',
        'Input must have less than 60 characters.',
      ],
      [
        { phoneNumber: '+491' },
        'phoneNumber',
        'matches',
        'Phone number must have 4 or more digits! It can have a maximum of 15 digits.',
      ],
      [
        { phoneNumber: '+1234567890123456' },
        'phoneNumber',
        'matches',
        'Phone number must have 4 or more digits! It can have a maximum of 15 digits.',
      ],
      [{ phoneNumber: '030123456' }, 'phoneNumber', 'matches', expect.stringMatching(/^Phone/)],
      [{ country: 'Germany' }, 'country', 'matches', 'Country must be a two-letter code.'],
      [
        { institution: 'Clinic <script>' },
        'institution',
        'matches',
        'Input can only be a letter of an alphabet or a number.',
      ],
      [{ language: 'fr' }, 'language', 'isIn', expect.stringContaining('language')],
      [{ email: 'new@hospital.example' }, 'email', 'whitelistValidation', expect.any(String)],
      [{ isClinops: true }, 'isClinops', 'whitelistValidation', expect.any(String)],
    ])('should refuse %j naming the field', async (body, field, rule, message) => {
      const { token, user } = await registerUser(t.http, t.dataSource);
      const res = await as(token).put(user._id, body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, errors: { [field]: rule }, message });
      expect((await as(token).get('me')).body.user).toEqual(user);
    });

    it("should answer 403 for another user's id, known or not", async () => {
      const mine = await registerUser(t.http, t.dataSource);
      const theirs = await registerUser(t.http, t.dataSource);
      for (const id of [theirs.user._id, randomUUID()]) {
        const res = await as(mine.token).put(id, { firstName: 'Mallory' }).expect(403);
        expect(res.body.message).toBe('You can only change your own account.');
      }
      const after = await as(theirs.token).get('me').expect(200);
      expect(after.body.user.firstName).toBe(theirs.user.firstName);
    });

    it('should answer 400 for an id that is not a uuid', async () => {
      const { token } = await registerUser(t.http, t.dataSource);
      const res = await as(token).put('not-a-uuid', { firstName: 'Ann' }).expect(400);
      expect(res.body.message).toContain('uuid');
    });
  });

  describe('DELETE /api/hcp/user/:userId', () => {
    it("should answer 403 for another user's id and keep them", async () => {
      const mine = await registerUser(t.http, t.dataSource);
      const theirs = await registerUser(t.http, t.dataSource);
      const res = await as(mine.token).delete(theirs.user._id).expect(403);
      expect(res.body.message).toBe('You can only change your own account.');
      await as(theirs.token).get('me').expect(200);
      expect(await countRows('app_user', theirs.account.email)).toBe(1);
    });

    it('should answer 400 for an id that is not a uuid', async () => {
      const { token } = await registerUser(t.http, t.dataSource);
      await as(token).delete('12345').expect(400);
    });

    it('should delete the own account: the user and its identity', async () => {
      const { account, token, user } = await registerUser(t.http, t.dataSource);
      // A fresh identity token, taken just before the deletion.
      const fresh = await signIn(t.http, account.email, account.password);

      await as(token).delete(user._id).expect(204);
      expect(await countRows('app_user', account.email)).toBe(0);
      expect(await countRows('identity_user', account.email)).toBe(0);

      const login = await request(t.http)
        .post('/api/hcp/login_email')
        .send({ username: account.email, accessToken: fresh.idToken })
        .expect(401);
      expect(login.body.message).toBe('The identity token is not valid. Please sign in again.');
      expect(await countRows('app_user', account.email)).toBe(0);

      const signInAgain = await request(t.http)
        .post('/api/identity/sign-in')
        .send({ email: account.email, password: account.password })
        .expect(404);
      expect(signInAgain.body.message).toBe('User does not exist.');
      // The deleted account's sessions are gone with it: its product token is refused.
      const stale = await as(token).get('me').expect(401);
      expect(stale.body.message).toBe(
        'Please log in again: your session is missing, invalid or expired.',
      );
    });
  });

  describe('a clinops user', () => {
    it('should be of type clinops with its facilities, in the token and the answers', async () => {
      const { account, tokens, user } = await registerUser(t.http, t.dataSource);
      await makeClinops(t.dataSource, user._id, [101, 202]);
      const { token, user: clinops } = await loginProduct(t.http, tokens.idToken, account.email);
      expect(clinops).toMatchObject({
        _id: user._id,
        type: 'clinops',
        clinopsuser: true,
        facilityIds: [101, 202],
      });
      expect(decodePayload(token).roles).toEqual(['clinops']);
      const res = await as(token).get('me').expect(200);
      expect(res.body.user).toMatchObject({
        type: 'clinops',
        clinopsuser: true,
        facilityIds: [101, 202],
      });
    });
  });
});
