import request from 'supertest';
import { AuthController } from '../api/src/auth/auth.controller';
import {
  activeSigningKey,
  decodeHeader,
  decodePayload,
  freshRsaKey,
  hs256Token,
  idTokenClaims,
  productTokenClaims,
  rs256Token,
  unsignedToken,
  type StoredSigningKey,
} from './factories/jwt';
import {
  newAccount,
  productSignup,
  readCode,
  registerAndConfirm,
  registerUser,
  signIn,
  signUpIdentity,
  type ProductUser,
} from './utils/accounts';
import { FAST_CAPTCHA_ENV, solveCaptcha } from './utils/captcha';
import { startHttpRecorder, type HttpRecorder } from './utils/http-recorder';
import { createTestApp, TestApp } from './utils/test-app';

const INVALID_IDENTITY = 'The identity token is not valid. Please sign in again.';
const INVALID_PRODUCT = 'Please log in again: your session is missing, invalid or expired.';

describe(AuthController.name, () => {
  let t: TestApp;
  let publicUrl: HttpRecorder;
  let issuer: string;

  const loginEmail = (accessToken: string, username: string, extra: object = {}): request.Test =>
    request(t.http)
      .post('/api/hcp/login_email')
      .send({ registerType: 'email', username, accessToken, ...extra });
  const me = (token: string): request.Test =>
    request(t.http).get('/api/hcp/user/me').set('Authorization', `Bearer ${token}`);
  const userRow = async (email: string): Promise<Record<string, unknown> | undefined> => {
    const rows: Record<string, unknown>[] = await t.dataSource.query(
      'SELECT * FROM app_user WHERE email = $1',
      [email],
    );
    return rows[0];
  };

  beforeAll(async () => {
    // PUBLIC_URL points at a recorder: the built-in provider's keys must never be fetched over
    // HTTP (they are in the database), whatever token comes in.
    publicUrl = await startHttpRecorder();
    issuer = `${publicUrl.url}/api/identity`;
    t = await createTestApp({ ...FAST_CAPTCHA_ENV, PUBLIC_URL: publicUrl.url });
  });

  afterAll(async () => {
    await t.close();
    await publicUrl.close();
  });

  describe('POST /api/hcp/signup', () => {
    it('should store the registration payload after the identity sign-up', async () => {
      const account = newAccount({ firstName: 'José', lastName: "O'Neil Smith" });
      const { captcha } = await signUpIdentity(t.http, account);
      const res = await productSignup(t.http, account, captcha, {
        institution: 'Charité Berlin',
        subscribe: true,
        language: 'de',
        userSource: 'breast_cancer_partner',
        socialId: 'social-1',
        bookmarkId: 'bookmark-1',
        sessionId: 'session-1',
        form: { type_of_disease: 'breast_cancer' },
      }).expect(200);
      expect(res.body).toEqual({
        status: 200,
        message: 'User created',
        data: {
          user: {
            _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            type: 'hcp',
            email: account.email,
            firstName: 'José',
            lastName: "O'Neil Smith",
            phoneNumber: '',
            country: '',
            institution: 'Charité Berlin',
            userSource: 'breast_cancer_partner',
            language: 'de',
            subscribe: true,
            clinopsuser: false,
            facilityIds: [],
            registerType: 'email',
            createdAt: expect.any(String),
          },
        },
      });
      const row = await userRow(account.email);
      expect(row).toMatchObject({
        id: res.body.data.user._id,
        identity_sub: null,
        is_clinops: false,
        registration: {
          socialId: 'social-1',
          bookmarkId: 'bookmark-1',
          sessionId: 'session-1',
          form: { type_of_disease: 'breast_cancer' },
        },
      });
      expect(row?.consent_at).toBeInstanceOf(Date);
    });

    it('should default the optional fields', async () => {
      const account = newAccount();
      const { captcha } = await signUpIdentity(t.http, account);
      const res = await productSignup(t.http, account, captcha).expect(200);
      expect(res.body.data.user).toMatchObject({
        institution: '',
        subscribe: false,
        language: 'en',
        userSource: 'ancora_hcp',
      });
    });

    it('should need consent', async () => {
      const account = newAccount();
      const { captcha } = await signUpIdentity(t.http, account);
      for (const consent of [undefined, false, 'true']) {
        const res = await productSignup(t.http, account, captcha, { consent }).expect(400);
        expect(res.body).toMatchObject({
          message: 'Please agree to our consent before confirming.',
          errors: { consent: 'equals' },
        });
      }
      expect(await userRow(account.email)).toBeUndefined();
    });

    it('should check the names with the full-name rule', async () => {
      const account = newAccount();
      const { captcha } = await signUpIdentity(t.http, account);
      const res = await productSignup(t.http, { ...account, lastName: 'M3yer' }, captcha).expect(
        400,
      );
      expect(res.body).toMatchObject({
        message: "Input can only be a letter of an alphabet or a '.'.",
        errors: { lastName: 'matches' },
      });
      const empty = await productSignup(t.http, { ...account, firstName: ' ' }, captcha).expect(
        400,
      );
      expect(empty.body).toMatchObject({
        message: 'First name is required.',
        errors: { firstName: 'isNotEmpty' },
      });
    });

    it('should answer 409 User already exists. for a second signup', async () => {
      const account = newAccount();
      const { captcha } = await signUpIdentity(t.http, account);
      await productSignup(t.http, account, captcha).expect(200);
      const res = await productSignup(t.http, account, captcha).expect(409);
      expect(res.body).toMatchObject({ statusCode: 409, message: 'User already exists.' });
    });

    it('should refuse a signup without an identity of the built-in provider', async () => {
      const account = newAccount();
      const captcha = await solveCaptcha(t.http);
      const res = await productSignup(t.http, account, captcha).expect(400);
      expect(res.body.message).toBe('Please sign up with your e-mail and password first.');
      expect(await userRow(account.email)).toBeUndefined();
    });

    it('should refuse a missing or bad captcha', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      const missing = await productSignup(t.http, account, '').expect(400);
      expect(missing.body.message).toBe('Please solve the captcha.');
      const bad = await productSignup(t.http, account, 'bm90LWEtY2FwdGNoYQ==').expect(400);
      expect(bad.body).toMatchObject({
        message: 'Captcha verification failed.',
        errors: { recaptcha: 'captcha' },
      });
      expect(await userRow(account.email)).toBeUndefined();
    });
  });

  describe('POST /api/hcp/login_email', () => {
    it('should answer the product token and the user; the token works on the API', async () => {
      const { account, tokens, token, user } = await registerUser(t.http, t.dataSource);
      const res = await loginEmail(tokens.idToken, account.email).expect(200);
      expect(res.body).toEqual({
        status: 200,
        data: {
          accessToken: expect.any(String),
          refreshToken: expect.any(String),
          expiresIn: 900,
          user: expect.objectContaining({ _id: user._id }),
        },
      });
      expect(decodeHeader(token)).toMatchObject({
        alg: 'RS256',
        kid: expect.stringMatching(/^product-/),
      });
      expect(decodePayload(token)).toMatchObject({
        sub: user._id,
        email: account.email,
        roles: ['hcp'],
        token_use: 'product',
        iss: 'trialflow-api',
        aud: 'trialflow',
      });
      const profile = await me(token).expect(200);
      expect(profile.body.user).toMatchObject({ _id: user._id, email: account.email, type: 'hcp' });
      const row = await userRow(account.email);
      expect(row?.identity_sub).toBe(decodePayload(tokens.idToken).sub);
      expect(row?.last_login_at).toBeInstanceOf(Date);
    });

    it('should answer 401 when the username or sub is not the token’s', async () => {
      const { account, tokens } = await registerUser(t.http, t.dataSource);
      const other = await loginEmail(tokens.idToken, 'someone.else@hospital.example').expect(401);
      expect(other.body.message).toBe('The identity token does not belong to this user.');
      await loginEmail(tokens.idToken, account.email, { sub: 'another-sub' }).expect(401);
      await loginEmail(tokens.idToken, account.email, {
        sub: decodePayload(tokens.idToken).sub,
      }).expect(200);
    });

    it('should make the product user from the token when the signup call was lost', async () => {
      const account = newAccount({ firstName: 'Lise', lastName: 'Meitner' });
      await registerAndConfirm(t.http, t.dataSource, account);
      expect(await userRow(account.email)).toBeUndefined();
      const tokens = await signIn(t.http, account.email, account.password);
      const res = await loginEmail(tokens.idToken, account.email).expect(200);
      const user = res.body.data.user as ProductUser;
      expect(user).toMatchObject({
        email: account.email,
        firstName: 'Lise',
        lastName: 'Meitner',
        registerType: 'email',
        type: 'hcp',
      });
      await me(res.body.data.accessToken as string).expect(200);
      // A second login finds the same user.
      const again = await loginEmail(tokens.idToken, account.email).expect(200);
      expect(again.body.data.user._id).toBe(user._id);
    });

    it('should make a user for an identity without a name and a 64-character local part', async () => {
      const email = `${'a'.repeat(64)}@hospital.example`;
      const account = { email, password: 'long-local-part-1' };
      await registerAndConfirm(t.http, t.dataSource, account);
      const tokens = await signIn(t.http, email, account.password);
      const res = await loginEmail(tokens.idToken, email).expect(200);
      expect(res.body.data.user.firstName).toBe('a'.repeat(60));
    });

    it('should refuse the token of an identity that was deleted since', async () => {
      const account = newAccount();
      await registerAndConfirm(t.http, t.dataSource, account);
      const tokens = await signIn(t.http, account.email, account.password);
      await request(t.http)
        .delete('/api/identity/user')
        .set('Authorization', `Bearer ${tokens.accessToken}`)
        .expect(204);
      const res = await loginEmail(tokens.idToken, account.email).expect(401);
      expect(res.body.message).toBe(INVALID_IDENTITY);
      expect(await userRow(account.email)).toBeUndefined();
    });

    describe('identity token checks', () => {
      let key: StoredSigningKey;
      let sub: string;
      let email: string;
      let accessToken: string;

      beforeAll(async () => {
        const account = newAccount();
        const { userSub } = await registerAndConfirm(t.http, t.dataSource, account);
        accessToken = (await signIn(t.http, account.email, account.password)).accessToken;
        key = await activeSigningKey(t.dataSource, 'identity');
        sub = userSub;
        email = account.email;
      });

      const claims = (overrides: Record<string, unknown> = {}): Record<string, unknown> =>
        idTokenClaims(issuer, { sub, email, ...overrides });

      it('should accept a token made with the real key and the right claims (control)', async () => {
        await loginEmail(rs256Token(claims(), key.privateKeyPem, key.kid), email).expect(200);
      });

      const forged: [string, () => string][] = [
        ['not a JWT', () => 'not-a-jwt'],
        ['alg none (unsigned)', () => unsignedToken(claims(), { kid: key.kid })],
        [
          'HS256 signed with the public key PEM as the secret',
          () => hs256Token(claims(), key.publicKeyPem, { kid: key.kid }),
        ],
        [
          'a wrong issuer',
          () =>
            rs256Token(
              claims({ iss: 'https://evil.example/api/identity' }),
              key.privateKeyPem,
              key.kid,
            ),
        ],
        [
          'a wrong audience',
          () => rs256Token(claims({ aud: 'another-client' }), key.privateKeyPem, key.kid),
        ],
        ['the identity access token', () => accessToken],
        [
          "token_use 'access'",
          () => rs256Token(claims({ token_use: 'access' }), key.privateKeyPem, key.kid),
        ],
        [
          'an expiry in the past',
          () =>
            rs256Token(
              claims({
                iat: Math.floor(Date.now() / 1000) - 7200,
                exp: Math.floor(Date.now() / 1000) - 60,
              }),
              key.privateKeyPem,
              key.kid,
            ),
        ],
        [
          'an unknown key id',
          () => rs256Token(claims(), key.privateKeyPem, 'identity-00000000-unknown'),
        ],
        ['no key id', () => rs256Token(claims(), key.privateKeyPem, '')],
        [
          'a fresh RSA key under the real key id',
          () => rs256Token(claims(), freshRsaKey().privateKeyPem, key.kid),
        ],
        [
          'email_verified false',
          () => rs256Token(claims({ email_verified: false }), key.privateKeyPem, key.kid),
        ],
        [
          'no email_verified',
          () => rs256Token(claims({ email_verified: undefined }), key.privateKeyPem, key.kid),
        ],
      ];

      it.each(forged)('should answer 401 to a token with %s', async (_name, make) => {
        const res = await loginEmail(make(), email).expect(401);
        expect(res.body).toMatchObject({ statusCode: 401, message: INVALID_IDENTITY });
      });

      it('should answer 401 to the product token', async () => {
        const { account, token } = await registerUser(t.http, t.dataSource);
        const res = await loginEmail(token, account.email).expect(401);
        expect(res.body.message).toBe(INVALID_IDENTITY);
      });

      it("should answer 401 to an unconfirmed account's token signed with the real key", async () => {
        const account = newAccount();
        const { res } = await signUpIdentity(t.http, account);
        expect(await readCode(t.dataSource, account.email)).toMatch(/^\d{6}$/);
        const token = rs256Token(
          idTokenClaims(issuer, {
            sub: res.body.userSub,
            email: account.email,
            email_verified: false,
          }),
          key.privateKeyPem,
          key.kid,
        );
        await loginEmail(token, account.email).expect(401);
        expect(await userRow(account.email)).toBeUndefined();
      });

      it('should never have fetched keys over HTTP', () => {
        expect(publicUrl.requests).toEqual([]);
      });
    });
  });

  describe('the product token', () => {
    let key: StoredSigningKey;
    let userId: string;
    let email: string;
    let identityTokens: { idToken: string; accessToken: string };
    let sessionId: string;

    beforeAll(async () => {
      const registered = await registerUser(t.http, t.dataSource);
      key = await activeSigningKey(t.dataSource, 'product');
      userId = registered.user._id;
      email = registered.account.email;
      identityTokens = registered.tokens;
      sessionId = decodePayload(registered.token).sid as string;
    });

    const claims = (overrides: Record<string, unknown> = {}): Record<string, unknown> =>
      productTokenClaims(userId, email, { sid: sessionId, ...overrides });

    it('should be accepted when made with the real key and the right claims (control)', async () => {
      const res = await me(rs256Token(claims(), key.privateKeyPem, key.kid)).expect(200);
      expect(res.body.user._id).toBe(userId);
    });

    it('should not be the identity key', async () => {
      const identity = await activeSigningKey(t.dataSource, 'identity');
      expect(identity.kid).not.toBe(key.kid);
      expect(identity.publicKeyPem).not.toBe(key.publicKeyPem);
    });

    const forged: [string, () => string][] = [
      ['no token', () => ''],
      ['not a JWT', () => 'not-a-jwt'],
      ['alg none', () => unsignedToken(claims(), { kid: key.kid })],
      [
        'HS256 signed with the public key PEM',
        () => hs256Token(claims(), key.publicKeyPem, { kid: key.kid }),
      ],
      ['another key', () => rs256Token(claims(), freshRsaKey().privateKeyPem, key.kid)],
      [
        'an expiry in the past',
        () =>
          rs256Token(
            claims({
              iat: Math.floor(Date.now() / 1000) - 7200,
              exp: Math.floor(Date.now() / 1000) - 60,
            }),
            key.privateKeyPem,
            key.kid,
          ),
      ],
      ['a wrong issuer', () => rs256Token(claims({ iss: 'evil' }), key.privateKeyPem, key.kid)],
      ['a wrong audience', () => rs256Token(claims({ aud: 'evil' }), key.privateKeyPem, key.kid)],
      [
        'another token_use',
        () => rs256Token(claims({ token_use: 'id' }), key.privateKeyPem, key.kid),
      ],
      ['the identity ID token', () => identityTokens.idToken],
      ['the identity access token', () => identityTokens.accessToken],
    ];

    it.each(forged)('should answer 401 on /api/hcp/user/me to %s', async (_name, make) => {
      const token = make();
      const req = request(t.http).get('/api/hcp/user/me');
      const res = await (token ? req.set('Authorization', `Bearer ${token}`) : req).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, message: INVALID_PRODUCT });
    });
  });
});
