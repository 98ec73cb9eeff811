import { createPublicKey, type JsonWebKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { IdentityController } from '../api/src/identity/identity.controller';
import { IdentityService } from '../api/src/identity/identity.service';
import { decodeHeader, decodePayload } from './factories/jwt';
import {
  countMails,
  latestMail,
  newAccount,
  otherCode,
  PASSWORD,
  productSignup,
  readCode,
  registerAndConfirm,
  signIn,
  signUpIdentity,
  uniqueEmail,
  type IdentityTokens,
} from './utils/accounts';
import { encodePayload, fetchChallenge, FAST_CAPTCHA_ENV, solveCaptcha } from './utils/captcha';
import { createTestApp, TestApp } from './utils/test-app';

const PUBLIC_URL = 'https://trials.hospital.example/';
const ISSUER = 'https://trials.hospital.example/api/identity';
const NEW_PASSWORD = 'brand-new-secret-7';

describe(IdentityController.name, () => {
  let t: TestApp;

  const post = (path: string, body: object, bearer?: string): request.Test => {
    const req = request(t.http).post(`/api/identity/${path}`);
    return (bearer ? req.set('Authorization', `Bearer ${bearer}`) : req).send(body);
  };
  const getUser = (bearer: string): request.Test =>
    request(t.http).get('/api/identity/user').set('Authorization', `Bearer ${bearer}`);
  const identityRow = async (
    email: string,
  ): Promise<{ id: string; status: string; password_hash: string; locale: string } | undefined> => {
    const rows: { id: string; status: string; password_hash: string; locale: string }[] =
      await t.dataSource.query(
        'SELECT id, status, password_hash, locale FROM identity_user WHERE email = $1',
        [email],
      );
    return rows[0];
  };
  const confirmed = async (): Promise<{
    email: string;
    password: string;
    tokens: IdentityTokens;
  }> => {
    const account = newAccount();
    await registerAndConfirm(t.http, t.dataSource, account);
    return {
      email: account.email,
      password: account.password,
      tokens: await signIn(t.http, account.email, account.password),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ ...FAST_CAPTCHA_ENV, PUBLIC_URL });
  });

  afterAll(async () => {
    await t.close();
  });

  describe('sign-up', () => {
    it('should create an unconfirmed identity and mail a code in English by default', async () => {
      const account = newAccount({ firstName: 'Ada' });
      const { res } = await signUpIdentity(t.http, account);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        userSub: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userConfirmed: false,
        codeDeliveryDetails: {
          destination: expect.stringMatching(/^d\*\*\*@h\*\*\*\.example$/),
          deliveryMedium: 'EMAIL',
          attributeName: 'email',
        },
      });
      const row = await identityRow(account.email);
      expect(row).toMatchObject({ id: res.body.userSub, status: 'UNCONFIRMED', locale: 'en' });
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      const mail = await latestMail(t.dataSource, account.email);
      expect(mail).toMatchObject({
        template: 'confirm-sign-up',
        language: 'en',
        subject: 'Your Trialflow verification code',
        delivery: 'logged',
      });
      expect(mail.body_text).toContain('Dear Ada,');
      expect(await readCode(t.dataSource, account.email)).toMatch(/^\d{6}$/);
    });

    it.each([
      ['es', 'Su código de verificación de Trialflow', 'Estimado/a Ada:'],
      ['de', 'Ihr Bestätigungscode für Trialflow', 'Guten Tag Ada,'],
    ] as const)('should mail the code in %s when asked to', async (language, subject, greeting) => {
      const account = newAccount({ language, firstName: 'Ada' });
      const { res } = await signUpIdentity(t.http, account);
      expect(res.status).toBe(200);
      const mail = await latestMail(t.dataSource, account.email);
      expect(mail.language).toBe(language);
      expect(mail.subject).toBe(subject);
      expect(mail.body_text).toContain(greeting);
      expect(mail.body_html).toContain(`lang="${language}"`);
      expect((await identityRow(account.email))?.locale).toBe(language);
    });

    it('should answer 409 for an address that already has an identity, whatever its case', async () => {
      const account = newAccount();
      const first = await signUpIdentity(t.http, account);
      expect(first.res.status).toBe(200);
      // The same captcha is still good for the same address: the answer is the conflict.
      const again = await signUpIdentity(t.http, account, first.captcha);
      expect(again.res.status).toBe(409);
      expect(again.res.body).toMatchObject({
        statusCode: 409,
        code: 'UsernameExistsException',
        message: 'An account with the given email already exists.',
      });
      const shouting = await signUpIdentity(t.http, {
        ...account,
        email: account.email.toUpperCase(),
      });
      expect(shouting.res.status).toBe(409);
      expect(shouting.res.body.message).toBe('An account with the given email already exists.');
    });

    it('should refuse a sign-up without a captcha', async () => {
      const account = newAccount();
      const res = await post('sign-up', { email: account.email, password: PASSWORD }).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        message: 'Please solve the captcha.',
        errors: { captcha: 'isNotEmpty' },
      });
      expect(await identityRow(account.email)).toBeUndefined();
    });

    it('should answer 400 Captcha verification failed. for a bad or unsolved captcha', async () => {
      const challenge = await fetchChallenge(t.http);
      const bad = [
        'not-a-captcha',
        Buffer.from('{"hello":"world"}').toString('base64'),
        encodePayload(challenge, { counter: 0, derivedKey: '00'.repeat(32) }),
        encodePayload(
          { ...challenge, parameters: { ...challenge.parameters, cost: 2 } },
          { counter: 0, derivedKey: '00'.repeat(32) },
        ),
      ];
      for (const captcha of bad) {
        const account = newAccount();
        const { res } = await signUpIdentity(t.http, account, captcha);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Captcha verification failed.');
        expect(await identityRow(account.email)).toBeUndefined();
        expect(await countMails(t.dataSource, account.email)).toBe(0);
      }
    });

    it('should bind a solved captcha to the first address it was used for', async () => {
      const first = newAccount();
      const { res, captcha } = await signUpIdentity(t.http, first);
      expect(res.status).toBe(200);

      const other = newAccount();
      const reused = await signUpIdentity(t.http, other, captcha);
      expect(reused.res.status).toBe(400);
      expect(reused.res.body.message).toBe('Captcha verification failed.');
      expect(await identityRow(other.email)).toBeUndefined();

      // The registration's second call, for the same address, may present it again.
      await productSignup(t.http, first, captcha).expect(200);
      await productSignup(t.http, other, captcha).expect(400);
    });

    it('should refuse a password of 8 characters and accept one of 9', async () => {
      const short = newAccount({ password: '12345678' });
      const { res } = await signUpIdentity(t.http, short);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'InvalidPasswordException',
        message: expect.stringMatching(/^Password did not conform with policy/),
      });
      expect(await identityRow(short.email)).toBeUndefined();

      const ok = newAccount({ password: '123456789' });
      expect((await signUpIdentity(t.http, ok)).res.status).toBe(200);
    });

    it('should refuse fields it does not know, such as a status', async () => {
      const account = newAccount();
      const captcha = await solveCaptcha(t.http);
      const res = await post('sign-up', { ...account, captcha, status: 'CONFIRMED' }).expect(400);
      expect(res.body.errors).toEqual({ status: 'whitelistValidation' });
      expect(await identityRow(account.email)).toBeUndefined();
    });
  });

  describe('input validation', () => {
    it.each([
      [
        'sign-in',
        {},
        'Username cannot be empty; Password cannot be empty',
        { email: 'isNotEmpty', password: 'isNotEmpty' },
      ],
      [
        'sign-in',
        { email: '', password: 'x' },
        'Username cannot be empty',
        { email: 'isNotEmpty' },
      ],
      [
        'sign-in',
        { email: 'a@b.example', password: '' },
        'Password cannot be empty',
        { password: 'isNotEmpty' },
      ],
      [
        'sign-in',
        { email: 'not-an-address', password: 'x' },
        'Invalid email address format.',
        { email: 'isEmail' },
      ],
      [
        'confirm-sign-up',
        { email: 'a@b.example', code: '' },
        'Confirmation code cannot be empty',
        { code: 'isNotEmpty' },
      ],
      [
        'confirm-sign-up',
        { email: 'a@b.example', code: '12ab56' },
        'Invalid verification code provided, please try again.',
        { code: 'matches' },
      ],
      [
        'respond-to-challenge',
        { email: 'a@b.example', challengeName: 'NEW_PASSWORD_REQUIRED', session: 's' },
        'New password is required.',
        { newPassword: 'isNotEmpty' },
      ],
      [
        'respond-to-challenge',
        { email: 'a@b.example', challengeName: 'SMS_MFA', session: 's', newPassword: NEW_PASSWORD },
        'Invalid challenge name',
        { challengeName: 'equals' },
      ],
      [
        'confirm-forgot-password',
        { email: 'a@b.example', code: '123456', password: '' },
        'Password cannot be empty',
        { password: 'isNotEmpty' },
      ],
      ['refresh', {}, 'Refresh token cannot be empty', { refreshToken: 'isNotEmpty' }],
    ])('should answer %s %j with 400 %p', async (path, body, message, errors) => {
      const res = await post(path, body).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: expect.any(String),
        errors,
        requestId: expect.any(String),
      });
      // One message per failing field, joined by '; ' (in no promised order).
      expect(String(res.body.message).split('; ').sort()).toEqual(message.split('; ').sort());
    });
  });

  describe('sign-in', () => {
    it('should answer tokens of the right shape, whatever the case of the address', async () => {
      const account = newAccount({ firstName: 'Grace', lastName: 'Hopper' });
      const { userSub } = await registerAndConfirm(t.http, t.dataSource, account);
      const res = await post('sign-in', {
        email: `  ${account.email.toUpperCase()} `,
        password: account.password,
      }).expect(200);
      const tokens = res.body.tokens as IdentityTokens;
      expect(res.body.challengeName).toBeUndefined();
      expect(tokens).toEqual({
        idToken: expect.any(String),
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        expiresIn: 3600,
        tokenType: 'Bearer',
      });
      expect(decodeHeader(tokens.idToken)).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
      expect(decodePayload(tokens.idToken)).toMatchObject({
        sub: userSub,
        iss: ISSUER,
        aud: 'trialflow-web',
        token_use: 'id',
        email: account.email,
        email_verified: true,
        given_name: 'Grace',
        family_name: 'Hopper',
      });
      expect(decodePayload(tokens.accessToken)).toMatchObject({
        sub: userSub,
        iss: ISSUER,
        token_use: 'access',
        client_id: 'trialflow-web',
        username: account.email,
      });
      const me = await getUser(tokens.accessToken).expect(200);
      expect(me.body).toEqual({
        sub: userSub,
        email: account.email,
        email_verified: true,
        given_name: 'Grace',
        family_name: 'Hopper',
        locale: 'en',
      });
    });

    it('should answer 403 User is not confirmed. before the code is entered', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      const res = await post('sign-in', {
        email: account.email,
        password: account.password,
      }).expect(403);
      expect(res.body).toMatchObject({
        code: 'UserNotConfirmedException',
        message: 'User is not confirmed.',
      });
      // A wrong password says nothing about the confirmation.
      const wrong = await post('sign-in', {
        email: account.email,
        password: 'wrong-password',
      }).expect(401);
      expect(wrong.body.message).toBe('Incorrect username or password.');
    });

    it('should answer 401 for a wrong password and 404 for an unknown user', async () => {
      const { email } = await confirmed();
      const wrong = await post('sign-in', { email, password: 'wrong-password' }).expect(401);
      expect(wrong.body).toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
      const unknown = await post('sign-in', {
        email: uniqueEmail('nobody'),
        password: PASSWORD,
      }).expect(404);
      expect(unknown.body).toMatchObject({
        code: 'UserNotFoundException',
        message: 'User does not exist.',
      });
    });

    it('should lock the account after 5 wrong passwords, even for the right one', async () => {
      const { email, password } = await confirmed();
      for (let i = 1; i <= 5; i++) {
        const res = await post('sign-in', { email, password: `wrong-password-${i}` }).expect(401);
        expect(res.body.message).toBe('Incorrect username or password.');
      }
      const locked = await post('sign-in', { email, password }).expect(429);
      expect(locked.body).toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
      // The lock is of this account from this address (test/sign-in-lock.e2e-spec.ts).
      await t.dataSource.query(
        `UPDATE identity_sign_in_failure SET locked_until = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM identity_user WHERE email = $1)`,
        [email],
      );
      await signIn(t.http, email, password);
    });

    it('should count wrong passwords sent in parallel and lock all the same', async () => {
      const { email, password } = await confirmed();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => post('sign-in', { email, password: 'wrong-password' })),
      );
      const statuses = answers.map((r) => r.status);
      // At most five passwords are ever checked; the rest are refused unseen.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
      await post('sign-in', { email, password }).expect(429);
    });

    it('should forget earlier wrong passwords after a successful sign-in', async () => {
      const { email, password } = await confirmed();
      for (let i = 0; i < 4; i++) {
        await post('sign-in', { email, password: 'wrong-password' }).expect(401);
      }
      await signIn(t.http, email, password);
      await post('sign-in', { email, password: 'wrong-password' }).expect(401);
      await signIn(t.http, email, password);
    });
  });

  describe('confirm-sign-up', () => {
    it('should refuse a wrong code, then accept the right one', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      const code = await readCode(t.dataSource, account.email);
      const wrong = await post('confirm-sign-up', {
        email: account.email,
        code: otherCode(code),
      }).expect(400);
      expect(wrong.body).toMatchObject({
        code: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
      expect((await identityRow(account.email))?.status).toBe('UNCONFIRMED');
      await post('confirm-sign-up', { email: account.email, code }).expect(200, { ok: true });
      expect((await identityRow(account.email))?.status).toBe('CONFIRMED');
      await signIn(t.http, account.email, account.password);
    });

    it('should take a code only once', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      const code = await readCode(t.dataSource, account.email);
      await post('confirm-sign-up', { email: account.email, code }).expect(200);
      const again = await post('confirm-sign-up', { email: account.email, code }).expect(400);
      expect(again.body.message).toBe('User cannot be confirmed. Current status is CONFIRMED');
    });

    it('should refuse an expired code', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      const code = await readCode(t.dataSource, account.email);
      await t.dataSource.query(
        `UPDATE identity_code SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM identity_user WHERE email = $1)`,
        [account.email],
      );
      const res = await post('confirm-sign-up', { email: account.email, code }).expect(400);
      expect(res.body).toMatchObject({
        code: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
      });
      expect((await identityRow(account.email))?.status).toBe('UNCONFIRMED');
    });

    it('should give up on a code after 5 wrong tries, even for the right code', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      const code = await readCode(t.dataSource, account.email);
      for (let i = 1; i <= 4; i++) {
        const res = await post('confirm-sign-up', {
          email: account.email,
          code: otherCode(code),
        }).expect(400);
        expect(res.body.message).toBe('Invalid verification code provided, please try again.');
      }
      const fifth = await post('confirm-sign-up', {
        email: account.email,
        code: otherCode(code),
      }).expect(429);
      expect(fifth.body).toMatchObject({
        code: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
      const right = await post('confirm-sign-up', { email: account.email, code }).expect(429);
      expect(right.body.message).toBe('Attempt limit exceeded, please try after some time.');
      expect((await identityRow(account.email))?.status).toBe('UNCONFIRMED');
    });

    it('should count wrong codes sent at the same moment (no parallel guessing)', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      const code = await readCode(t.dataSource, account.email);
      const guesses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post('confirm-sign-up', {
            email: account.email,
            code: otherCode(String((Number(code) + i) % 1_000_000)),
          }),
        ),
      );
      const mismatches = guesses.filter((r) => r.body.code === 'CodeMismatchException');
      expect(mismatches.length).toBeLessThanOrEqual(4);
      await post('confirm-sign-up', { email: account.email, code }).expect(429);
    });

    it('should answer 404 for an unknown address', async () => {
      const res = await post('confirm-sign-up', {
        email: uniqueEmail('nobody'),
        code: '123456',
      }).expect(404);
      expect(res.body.message).toBe('User does not exist.');
    });
  });

  describe('resend-confirmation-code', () => {
    it('should mail a new code that works while the old one no longer does', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      const old = await readCode(t.dataSource, account.email);
      const res = await post('resend-confirmation-code', {
        email: account.email,
        language: 'de',
      }).expect(200);
      expect(res.body).toMatchObject({ deliveryMedium: 'EMAIL', attributeName: 'email' });
      const mail = await latestMail(t.dataSource, account.email);
      expect(mail.subject).toBe('Ihr Bestätigungscode für Trialflow');
      const fresh = await readCode(t.dataSource, account.email);
      expect(await countMails(t.dataSource, account.email)).toBe(2);
      if (fresh !== old) {
        const stale = await post('confirm-sign-up', { email: account.email, code: old }).expect(
          400,
        );
        expect(stale.body.message).toBe('Invalid verification code provided, please try again.');
      }
      await post('confirm-sign-up', { email: account.email, code: fresh }).expect(200);
      const done = await post('resend-confirmation-code', { email: account.email }).expect(400);
      expect(done.body.message).toBe('User cannot be confirmed. Current status is CONFIRMED');
    });

    it('should mail at most 5 codes an hour to one address', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      for (let i = 0; i < 4; i++) {
        await post('resend-confirmation-code', { email: account.email }).expect(200);
      }
      const res = await post('resend-confirmation-code', { email: account.email }).expect(429);
      expect(res.body.message).toBe('Attempt limit exceeded, please try after some time.');
      expect(await countMails(t.dataSource, account.email)).toBe(5);
      // The last code sent still works.
      const code = await readCode(t.dataSource, account.email);
      await post('confirm-sign-up', { email: account.email, code }).expect(200);
    });

    it('should answer 404 for an unknown address and send nothing', async () => {
      const email = uniqueEmail('nobody');
      await post('resend-confirmation-code', { email }).expect(404);
      expect(await countMails(t.dataSource, email)).toBe(0);
    });
  });

  describe('forgot-password', () => {
    it('should reset the password with the mailed code and revoke the refresh tokens', async () => {
      const { email, password, tokens } = await confirmed();
      const res = await post('forgot-password', { email, language: 'es' }).expect(200);
      expect(res.body).toMatchObject({ deliveryMedium: 'EMAIL' });
      const mail = await latestMail(t.dataSource, email);
      expect(mail).toMatchObject({
        template: 'forgot-password',
        language: 'es',
        subject: 'Restablezca su contraseña de Trialflow',
      });
      const code = await readCode(t.dataSource, email);

      const wrong = await post('confirm-forgot-password', {
        email,
        code: otherCode(code),
        password: NEW_PASSWORD,
      }).expect(400);
      expect(wrong.body.message).toBe('Invalid verification code provided, please try again.');
      const weak = await post('confirm-forgot-password', {
        email,
        code,
        password: 'short',
      }).expect(400);
      expect(weak.body.code).toBe('InvalidPasswordException');

      await post('confirm-forgot-password', { email, code, password: NEW_PASSWORD }).expect(200, {
        ok: true,
      });
      const old = await post('sign-in', { email, password }).expect(401);
      expect(old.body.message).toBe('Incorrect username or password.');
      await signIn(t.http, email, NEW_PASSWORD);

      const refresh = await post('refresh', { refreshToken: tokens.refreshToken }).expect(401);
      expect(refresh.body.message).toBe('Refresh Token has been revoked');

      const reuse = await post('confirm-forgot-password', {
        email,
        code,
        password: 'yet-another-secret-1',
      }).expect(400);
      expect(reuse.body.message).toBe('Invalid code provided, please request a code again.');
      await signIn(t.http, email, NEW_PASSWORD);
    });

    it('should lift a lock and confirm the address', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      await t.dataSource.query(
        "UPDATE identity_user SET locked_until = now() + interval '1 hour' WHERE email = $1",
        [account.email],
      );
      await post('forgot-password', { email: account.email }).expect(200);
      const code = await readCode(t.dataSource, account.email);
      await post('confirm-forgot-password', {
        email: account.email,
        code,
        password: NEW_PASSWORD,
      }).expect(200);
      expect((await identityRow(account.email))?.status).toBe('CONFIRMED');
      await signIn(t.http, account.email, NEW_PASSWORD);
    });

    it('should answer 404 for an unknown address', async () => {
      const res = await post('forgot-password', { email: uniqueEmail('nobody') }).expect(404);
      expect(res.body.message).toBe('User does not exist.');
    });
  });

  describe('change-password', () => {
    it('should need the access token of the identity', async () => {
      const { tokens } = await confirmed();
      const body = { previousPassword: PASSWORD, proposedPassword: NEW_PASSWORD };
      const missing = await post('change-password', body).expect(401);
      expect(missing.body.message).toBe('Access Token is missing');
      const idToken = await post('change-password', body, tokens.idToken).expect(401);
      expect(idToken.body.message).toBe('Invalid Access Token');
      const garbage = await post('change-password', body, 'not.a.token').expect(401);
      expect(garbage.body.message).toBe('Invalid Access Token');
    });

    it('should check the previous password and the policy, then change it', async () => {
      const { email, password, tokens } = await confirmed();
      const wrong = await post(
        'change-password',
        { previousPassword: 'wrong-password', proposedPassword: NEW_PASSWORD },
        tokens.accessToken,
      ).expect(401);
      expect(wrong.body.message).toBe('Incorrect username or password.');
      const empty = await post(
        'change-password',
        { previousPassword: password },
        tokens.accessToken,
      ).expect(400);
      expect(empty.body.message).toBe('New password is required.');
      const weak = await post(
        'change-password',
        { previousPassword: password, proposedPassword: 'short' },
        tokens.accessToken,
      ).expect(400);
      expect(weak.body.code).toBe('InvalidPasswordException');

      await post(
        'change-password',
        { previousPassword: password, proposedPassword: NEW_PASSWORD },
        tokens.accessToken,
      ).expect(200, { ok: true });
      await post('sign-in', { email, password }).expect(401);
      await signIn(t.http, email, NEW_PASSWORD);
    });
  });

  describe('refresh and revoke-token', () => {
    it('should give new ID and access tokens for a refresh token', async () => {
      const { email, tokens } = await confirmed();
      const res = await post('refresh', { refreshToken: tokens.refreshToken }).expect(200);
      expect(res.body).toEqual({
        idToken: expect.any(String),
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        expiresIn: 3600,
        tokenType: 'Bearer',
      });
      expect(res.body.refreshToken).not.toBe(tokens.refreshToken);
      expect(decodePayload(res.body.idToken)).toMatchObject({ email, token_use: 'id' });
      await getUser(res.body.accessToken).expect(200);
      const login = await request(t.http)
        .post('/api/hcp/login_email')
        .send({ username: email, accessToken: res.body.idToken })
        .expect(200);
      expect(login.body.data.user.email).toBe(email);
    });

    it('should rotate the refresh token: the next one works, each one once', async () => {
      const { tokens } = await confirmed();
      const second = (await post('refresh', { refreshToken: tokens.refreshToken }).expect(200)).body
        .refreshToken as string;
      const third = (await post('refresh', { refreshToken: second }).expect(200)).body
        .refreshToken as string;
      await post('refresh', { refreshToken: third }).expect(200);
      const rows: { family_id: string; used: boolean; revoked_at: Date | null }[] =
        await t.dataSource.query(
          `SELECT family_id, used_at IS NOT NULL AS used, revoked_at FROM identity_refresh_token
            WHERE user_id = $1 ORDER BY created_at`,
          [decodePayload(tokens.idToken).sub],
        );
      // One family (the sign-in), every token but the newest used up, none revoked.
      expect(new Set(rows.map((r) => r.family_id)).size).toBe(1);
      expect(rows.map((r) => r.used)).toEqual([true, true, true, false]);
      expect(rows.every((r) => r.revoked_at === null)).toBe(true);
    });

    it('should sign the identity out everywhere when a used refresh token comes again', async () => {
      const { email, password, tokens } = await confirmed();
      const other = await signIn(t.http, email, password);
      const next = (await post('refresh', { refreshToken: tokens.refreshToken }).expect(200)).body;
      // The thief (or the owner) presents the token that was already traded.
      const reuse = await post('refresh', { refreshToken: tokens.refreshToken }).expect(401);
      expect(reuse.body).toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      });
      // Both holders are out, and the other device too: refresh and access tokens.
      for (const refreshToken of [next.refreshToken, other.refreshToken]) {
        const res = await post('refresh', { refreshToken }).expect(401);
        expect(res.body.message).toBe('Refresh Token has been revoked');
      }
      for (const access of [next.accessToken, other.accessToken]) {
        const res = await getUser(access).expect(401);
        expect(res.body.message).toBe('Access Token has been revoked');
      }
      const reasons: { revoked_reason: string | null }[] = await t.dataSource.query(
        `SELECT DISTINCT revoked_reason FROM identity_refresh_token
          WHERE family_id = (SELECT family_id FROM identity_refresh_token WHERE used_at IS NOT NULL
                              AND user_id = $1)`,
        [decodePayload(tokens.idToken).sub],
      );
      expect(reasons).toEqual([{ revoked_reason: 'refresh-token-reuse' }]);
      // The owner signs in again.
      const fresh = await signIn(t.http, email, password);
      await getUser(fresh.accessToken).expect(200);
      await post('refresh', { refreshToken: fresh.refreshToken }).expect(200);
    });

    it('should let only one of two simultaneous refreshes with one token win', async () => {
      const { tokens } = await confirmed();
      const answers = await Promise.all([
        post('refresh', { refreshToken: tokens.refreshToken }),
        post('refresh', { refreshToken: tokens.refreshToken }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
      // The loser was a reuse: the winner's tokens have ended as well.
      const winner = answers.find((r) => r.status === 200)!.body;
      await post('refresh', { refreshToken: winner.refreshToken }).expect(401);
      await getUser(winner.accessToken).expect(401);
    });

    it('should refuse an unknown refresh token', async () => {
      const res = await post('refresh', { refreshToken: 'made-up-refresh-token' }).expect(401);
      expect(res.body.message).toBe('Invalid Refresh Token');
    });

    it('should refuse an expired refresh token', async () => {
      const { email, tokens } = await confirmed();
      await t.dataSource.query(
        `UPDATE identity_refresh_token SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM identity_user WHERE email = $1)`,
        [email],
      );
      const res = await post('refresh', { refreshToken: tokens.refreshToken }).expect(401);
      expect(res.body.message).toBe('Refresh Token has expired');
    });

    it('should revoke one refresh token and leave the others', async () => {
      const { email, password, tokens } = await confirmed();
      const other = await signIn(t.http, email, password);
      await post('revoke-token', { refreshToken: tokens.refreshToken }).expect(200, { ok: true });
      const res = await post('refresh', { refreshToken: tokens.refreshToken }).expect(401);
      expect(res.body.message).toBe('Refresh Token has been revoked');
      await post('refresh', { refreshToken: other.refreshToken }).expect(200);
    });
  });

  describe('global-sign-out', () => {
    it('should revoke every access and refresh token issued so far', async () => {
      const { email, password, tokens } = await confirmed();
      const second = await signIn(t.http, email, password);
      await getUser(tokens.accessToken).expect(200);

      await post('global-sign-out', {}, tokens.accessToken).expect(200, { ok: true });
      for (const access of [tokens.accessToken, second.accessToken]) {
        const res = await getUser(access).expect(401);
        expect(res.body).toMatchObject({
          code: 'NotAuthorizedException',
          message: 'Access Token has been revoked',
        });
      }
      for (const refreshToken of [tokens.refreshToken, second.refreshToken]) {
        const res = await post('refresh', { refreshToken }).expect(401);
        expect(res.body.message).toBe('Refresh Token has been revoked');
      }
    });

    it('should let the user sign in again at once with tokens that work', async () => {
      const { email, password, tokens } = await confirmed();
      await post('global-sign-out', {}, tokens.accessToken).expect(200);
      const fresh = await signIn(t.http, email, password);
      await getUser(fresh.accessToken).expect(200);
      await post('refresh', { refreshToken: fresh.refreshToken }).expect(200);
    });
  });

  describe('delete own identity', () => {
    it('should delete the identity; its address may sign up again', async () => {
      const account = newAccount();
      const { captcha } = await registerAndConfirm(t.http, t.dataSource, account);
      const tokens = await signIn(t.http, account.email, account.password);
      await request(t.http)
        .delete('/api/identity/user')
        .set('Authorization', `Bearer ${tokens.accessToken}`)
        .expect(204);
      expect(await identityRow(account.email)).toBeUndefined();
      const res = await post('sign-in', {
        email: account.email,
        password: account.password,
      }).expect(404);
      expect(res.body.message).toBe('User does not exist.');
      const stale = await getUser(tokens.accessToken).expect(404);
      expect(stale.body.message).toBe('User does not exist.');
      await post('refresh', { refreshToken: tokens.refreshToken }).expect(401);
      const again = await signUpIdentity(t.http, account, captcha);
      expect(again.res.status).toBe(200);
    });

    it('should need the access token', async () => {
      const res = await request(t.http).delete('/api/identity/user').expect(401);
      expect(res.body.message).toBe('Access Token is missing');
    });
  });

  describe('NEW_PASSWORD_REQUIRED', () => {
    const TEMPORARY = 'temporary-pass-1';
    const adminCreate = async (email: string): Promise<void> => {
      await t.app.get(IdentityService).adminCreateUser({
        email,
        temporaryPassword: TEMPORARY,
        firstName: 'Clin',
        lastName: 'Ops',
      });
    };
    const challenge = async (email: string): Promise<string> => {
      const res = await post('sign-in', { email, password: TEMPORARY }).expect(200);
      expect(res.body.tokens).toBeUndefined();
      expect(res.body).toEqual({
        challengeName: 'NEW_PASSWORD_REQUIRED',
        session: expect.any(String),
      });
      return res.body.session as string;
    };
    const respond = (email: string, session: string, newPassword = NEW_PASSWORD): request.Test =>
      post('respond-to-challenge', {
        email,
        challengeName: 'NEW_PASSWORD_REQUIRED',
        session,
        newPassword,
      });

    it('should ask an administrator-made user for a new password, then sign in', async () => {
      const email = uniqueEmail('clinops');
      await adminCreate(email);
      expect((await identityRow(email))?.status).toBe('FORCE_CHANGE_PASSWORD');
      const session = await challenge(email);

      const weak = await respond(email, session, 'short').expect(400);
      expect(weak.body.code).toBe('InvalidPasswordException');

      const res = await respond(email, session).expect(200);
      const tokens = res.body.tokens as IdentityTokens;
      expect(decodePayload(tokens.idToken)).toMatchObject({ email, email_verified: true });
      await getUser(tokens.accessToken).expect(200);
      expect((await identityRow(email))?.status).toBe('CONFIRMED');

      const reuse = await respond(email, session).expect(401);
      expect(reuse.body.message).toBe('Invalid session for the user, session is expired.');
      await post('sign-in', { email, password: TEMPORARY }).expect(401);
      await signIn(t.http, email, NEW_PASSWORD);
    });

    it('should refuse a bad session, another user’s session and the session as a token', async () => {
      const email = uniqueEmail('clinops');
      const other = uniqueEmail('clinops');
      await adminCreate(email);
      await adminCreate(other);
      const session = await challenge(email);
      const otherSession = await challenge(other);
      const { tokens } = await confirmed();

      for (const bad of ['not-a-session', otherSession, tokens.idToken, tokens.accessToken]) {
        const res = await respond(email, bad).expect(401);
        expect(res.body.message).toBe('Invalid session for the user, session is expired.');
      }
      expect((await identityRow(email))?.status).toBe('FORCE_CHANGE_PASSWORD');
      await request(t.http)
        .post('/api/hcp/login_email')
        .send({ username: email, accessToken: session })
        .expect(401);
      await getUser(session).expect(401);
      await respond(email, session).expect(200);
    });
  });

  describe('.well-known', () => {
    it('should publish the public signing keys and only those', async () => {
      const { tokens } = await confirmed();
      const res = await request(t.http).get('/api/identity/.well-known/jwks.json').expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=600');
      const keys = res.body.keys as Record<string, string>[];
      expect(keys.length).toBeGreaterThanOrEqual(1);
      for (const key of keys) {
        expect(key).toMatchObject({
          kid: expect.any(String),
          kty: 'RSA',
          alg: 'RS256',
          use: 'sig',
          n: expect.any(String),
          e: 'AQAB',
        });
        for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) {
          expect(key).not.toHaveProperty(secret);
        }
      }
      const kid = decodeHeader(tokens.idToken).kid;
      const jwk = keys.find((k) => k.kid === kid);
      expect(jwk).toBeDefined();
      const publicKey = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
      const claims = jwt.verify(tokens.idToken, publicKey, { algorithms: ['RS256'] });
      expect(claims).toMatchObject({ iss: ISSUER });
    });

    it('should describe the provider with PUBLIC_URL as the issuer', async () => {
      const res = await request(t.http)
        .get('/api/identity/.well-known/openid-configuration')
        .expect(200);
      expect(res.body).toMatchObject({
        issuer: ISSUER,
        jwks_uri: `${ISSUER}/.well-known/jwks.json`,
        token_endpoint: `${ISSUER}/sign-in`,
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
      });
      expect(res.body.claims_supported).toEqual(
        expect.arrayContaining(['sub', 'email', 'email_verified', 'token_use']),
      );
    });
  });

  describe('with IDENTITY_PROVIDER=cognito', () => {
    let cognito: TestApp;

    beforeAll(async () => {
      cognito = await createTestApp({
        IDENTITY_PROVIDER: 'cognito',
        COGNITO_USER_POOL_ID: 'eu-central-1_Test1',
        COGNITO_CLIENT_ID: 'abc',
      });
    });

    afterAll(async () => {
      await cognito.close();
    });

    it('should answer 404 on every /api/identity route', async () => {
      const doc = (await request(cognito.http).get('/api/docs-json').expect(200)).body as {
        paths: Record<string, Record<string, unknown>>;
      };
      const routes = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/identity/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
      expect(routes.length).toBeGreaterThanOrEqual(15);
      for (const { path, method } of routes) {
        const res = await request(cognito.http)
          [method as 'get' | 'post' | 'delete'](path)
          .set('Authorization', 'Bearer some-token')
          .send({ email: 'a@b.example', password: PASSWORD });
        expect({ route: `${method} ${path}`, status: res.status }).toEqual({
          route: `${method} ${path}`,
          status: 404,
        });
        expect(res.body.message).toBe(
          'The built-in identity provider is off (IDENTITY_PROVIDER=cognito).',
        );
      }
      const keys: unknown[] = await cognito.dataSource.query(
        "SELECT kid FROM signing_key WHERE purpose = 'identity'",
      );
      expect(keys).toEqual([]);
    });
  });
});
