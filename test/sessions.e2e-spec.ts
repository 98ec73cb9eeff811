import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AuthController } from '../api/src/auth/auth.controller';
import {
  activeSigningKey,
  decodePayload,
  productTokenClaims,
  rawRs256Token,
  rs256Token,
} from './factories/jwt';
import { loginProduct, readCode, signIn } from './utils/accounts';
import { startApiProcess, type ApiProcess } from './utils/api-process';
import { FAST_CAPTCHA_ENV } from './utils/captcha';
import { sessionCalls, type Login } from './utils/product-sessions';
import { openEventStream } from './utils/sse-client';
import { createTestApp, TestApp } from './utils/test-app';
import { databaseUrl } from './setup/test-postgres';

const INVALID_PRODUCT = 'Please log in again: your session is missing, invalid or expired.';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

describe(`${AuthController.name} sessions`, () => {
  let t: TestApp;

  const { me, refresh, logout, loginEmail, registered } = sessionCalls(() => t);

  /** Another device of the same user: its own identity sign-in and product session. */
  async function anotherDevice(user: { email: string; password: string }): Promise<Login> {
    const identity = await signIn(t.http, user.email, user.password);
    const res = await loginEmail(identity.idToken, user.email).expect(200);
    return {
      token: res.body.data.accessToken as string,
      refreshToken: res.body.data.refreshToken as string,
      userId: res.body.data.user._id as string,
      email: user.email,
      identity,
    };
  }

  const sessionRow = async (
    id: string,
  ): Promise<{ revoked_reason: string | null; user_agent: string } | undefined> => {
    const rows: { revoked_reason: string | null; user_agent: string }[] = await t.dataSource.query(
      'SELECT revoked_reason, user_agent FROM session WHERE id = $1',
      [id],
    );
    return rows[0];
  };

  beforeAll(async () => {
    t = await createTestApp(FAST_CAPTCHA_ENV);
  });

  afterAll(async () => {
    await t.close();
  });

  describe('the product token', () => {
    it('should live 15 minutes, name its session and work on the API', async () => {
      const user = await registered();
      const claims = decodePayload(user.token);
      expect((claims.exp as number) - (claims.iat as number)).toBe(900);
      expect(claims.sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
      const row = await sessionRow(claims.sid as string);
      expect(row).toEqual({ revoked_reason: null, user_agent: 'Sessions test browser' });
      await me(user.token).expect(200);
    });

    it('should refuse a token without exp, with a bad exp or living too long (401)', async () => {
      const user = await registered();
      const key = await activeSigningKey(t.dataSource, 'product');
      const sid = decodePayload(user.token).sid;
      const now = Math.floor(Date.now() / 1000);
      const sign = (overrides: Record<string, unknown>): string =>
        rawRs256Token(
          productTokenClaims(user.userId, user.email, { sid, ...overrides }),
          key.privateKeyPem,
          key.kid,
        );
      // Control: the same claims with a proper expiry are accepted.
      await me(sign({ iat: now, exp: now + 900 })).expect(200);
      const bad = [
        sign({ iat: now, exp: undefined }),
        sign({ iat: now, exp: 'never' }),
        sign({ iat: now, exp: now + 12 * 3600 }),
        sign({ iat: now - 3600, exp: now + 600 }),
        sign({ iat: 'yesterday', exp: now + 600 }),
      ];
      for (const token of bad) {
        const res = await me(token).expect(401);
        expect(res.body.message).toBe(INVALID_PRODUCT);
      }
    });

    it('should refuse a token without a session, or naming another user’s session', async () => {
      const [ada, bob] = [await registered(), await registered()];
      const key = await activeSigningKey(t.dataSource, 'product');
      const forge = (sid: unknown): string =>
        rs256Token(productTokenClaims(ada.userId, ada.email, { sid }), key.privateKeyPem, key.kid);
      await me(forge(decodePayload(ada.token).sid)).expect(200);
      await me(forge(undefined)).expect(401);
      await me(forge(decodePayload(bob.token).sid)).expect(401);
      await me(forge('not-a-uuid')).expect(401);
    });
  });

  describe('POST /api/hcp/refresh_token', () => {
    it('should answer a new product token and the next refresh token', async () => {
      const user = await registered();
      const res = await refresh(user.refreshToken).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        status: 200,
        data: { accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 },
      });
      const next = res.body.data as { accessToken: string; refreshToken: string };
      expect(next.refreshToken).not.toBe(user.refreshToken);
      expect(decodePayload(next.accessToken).sid).toBe(decodePayload(user.token).sid);
      const profile = await me(next.accessToken).expect(200);
      expect(profile.body.user._id).toBe(user.userId);
      // The rotated token works in turn.
      await refresh(next.refreshToken).expect(200);
    });

    it('should end the session when a used refresh token comes again (theft)', async () => {
      const user = await registered();
      const first = (await refresh(user.refreshToken).expect(200)).body.data;
      // The thief (or the victim) presents the token that was already traded.
      const reuse = await refresh(user.refreshToken).expect(401);
      expect(reuse.body.message).toBe(SESSION_ENDED);
      // Both holders are out: the newest tokens of the session stop working too.
      await me(first.accessToken).expect(401);
      await me(user.token).expect(401);
      await refresh(first.refreshToken).expect(401);
      expect((await sessionRow(decodePayload(user.token).sid as string))?.revoked_reason).toBe(
        'refresh-token-reuse',
      );
    });

    it('should let only one of two simultaneous refreshes with one token win', async () => {
      const user = await registered();
      const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 401]);
    });

    it('should refuse a made-up refresh token (401) and a missing one (400)', async () => {
      const user = await registered();
      const sid = decodePayload(user.token).sid as string;
      await refresh('garbage').expect(401);
      await refresh(`${crypto.randomUUID()}.abc`).expect(401);
      const missing = await refresh(undefined).expect(400);
      expect(missing.body.errors).toHaveProperty('refreshToken');
      await refresh(42).expect(400);
      // A guessed secret for a real session ends that session: someone holds its id.
      await refresh(`${sid}.guessed`).expect(401);
      await me(user.token).expect(401);
    });

    it('should refuse the refresh token of an expired session', async () => {
      const user = await registered();
      await t.dataSource.query(
        "UPDATE session SET expires_at = now() - interval '1 second' WHERE id = $1",
        [decodePayload(user.token).sid],
      );
      await refresh(user.refreshToken).expect(401);
      await me(user.token).expect(401);
    });

    it('should keep the refresh token out of the database in clear text', async () => {
      const user = await registered();
      const rows: { refresh_token_hash: string }[] = await t.dataSource.query(
        'SELECT refresh_token_hash FROM session WHERE id = $1',
        [decodePayload(user.token).sid],
      );
      const secret = user.refreshToken.split('.')[1];
      expect(rows[0].refresh_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].refresh_token_hash).not.toContain(secret);
    });
  });

  describe('sign-out', () => {
    it('should end the product tokens of every device at the identity global sign-out', async () => {
      const user = await registered();
      const other = await anotherDevice(user);
      await me(user.token).expect(200);
      await me(other.token).expect(200);
      await request(t.http)
        .post('/api/identity/global-sign-out')
        .set('Authorization', `Bearer ${user.identity.accessToken}`)
        .expect(200);
      // Issued minutes ago, valid for 15: refused at the next request, on both devices.
      await me(user.token).expect(401);
      await me(other.token).expect(401);
      await refresh(other.refreshToken).expect(401);
    });

    it('should refuse at login_email an identity token issued before the global sign-out', async () => {
      const user = await registered();
      await request(t.http)
        .post('/api/identity/global-sign-out')
        .set('Authorization', `Bearer ${user.identity.accessToken}`)
        .expect(200);
      // The ID token itself is still within its hour.
      const res = await loginEmail(user.identity.idToken, user.email).expect(401);
      expect(res.body.message).toBe(
        'This sign-in has ended (signed out since). Please sign in again.',
      );
      // A new sign-in works.
      const fresh = await signIn(t.http, user.email, user.password);
      const { token } = await loginProduct(t.http, fresh.idToken, user.email);
      await me(token).expect(200);
    });

    it('should end every product session when a used identity refresh token comes again', async () => {
      const user = await registered();
      const other = await anotherDevice(user);
      const identityRefresh = (refreshToken: string | undefined): request.Test =>
        request(t.http).post('/api/identity/refresh').send({ refreshToken });
      // The thief trades the copied refresh token first and signs in to the product with it.
      const stolen = (await identityRefresh(user.identity.refreshToken).expect(200)).body;
      const thief = (await loginEmail(stolen.idToken, user.email).expect(200)).body.data;
      await me(thief.accessToken).expect(200);
      // The owner's device presents the same token: a copy exists.
      await identityRefresh(user.identity.refreshToken).expect(401);
      for (const token of [thief.accessToken, user.token, other.token]) {
        await me(token).expect(401);
      }
      await refresh(thief.refreshToken).expect(401);
      // The ID token the thief got is refused too; the owner signs in again.
      const res = await loginEmail(stolen.idToken, user.email).expect(401);
      expect(res.body.message).toBe(
        'This sign-in has ended (signed out since). Please sign in again.',
      );
      const fresh = await signIn(t.http, user.email, user.password);
      await loginEmail(fresh.idToken, user.email).expect(200);
      expect((await sessionRow(decodePayload(user.token).sid as string))?.revoked_reason).toBe(
        'refresh-token-reuse',
      );
    });

    it('should end only this session on POST /api/hcp/logout', async () => {
      const user = await registered();
      const other = await anotherDevice(user);
      await logout(user.token).expect(204);
      await me(user.token).expect(401);
      await refresh(user.refreshToken).expect(401);
      await me(other.token).expect(200);
      // This device's identity token may sign in again (no global sign-out).
      await loginEmail(user.identity.idToken, user.email).expect(200);
    });

    it('should end every session and refuse older identity tokens with everywhere: true', async () => {
      const user = await registered();
      const other = await anotherDevice(user);
      await logout(user.token, { everywhere: true }).expect(204);
      await me(user.token).expect(401);
      await me(other.token).expect(401);
      await refresh(other.refreshToken).expect(401);
      await loginEmail(other.identity.idToken, user.email).expect(401);
      await logout(user.token).expect(401);
    });

    it('should answer 400 naming a bad everywhere value and 401 without a token', async () => {
      const user = await registered();
      const res = await logout(user.token, { everywhere: 'yes' }).expect(400);
      expect(res.body.errors).toHaveProperty('everywhere');
      await request(t.http).post('/api/hcp/logout').send({}).expect(401);
      await me(user.token).expect(200);
    });

    it('should end every session when the password is reset', async () => {
      const user = await registered();
      await request(t.http)
        .post('/api/identity/forgot-password')
        .send({ email: user.email })
        .expect(200);
      const code = await readCode(t.dataSource, user.email);
      await request(t.http)
        .post('/api/identity/confirm-forgot-password')
        .send({ email: user.email, code, password: 'another-horse-9' })
        .expect(200);
      await me(user.token).expect(401);
      await refresh(user.refreshToken).expect(401);
    });
  });

  describe('account deletion', () => {
    it('should end the sessions of every device at once', async () => {
      const user = await registered();
      const other = await anotherDevice(user);
      await request(t.http)
        .delete(`/api/hcp/user/${user.userId}`)
        .set('Authorization', `Bearer ${user.token}`)
        .expect(204);
      await me(other.token).expect(401);
      await refresh(other.refreshToken).expect(401);
      const rows: unknown[] = await t.dataSource.query('SELECT 1 FROM session WHERE user_id = $1', [
        user.userId,
      ]);
      expect(rows).toEqual([]);
    });

    it('should end the product sessions when the identity deletes itself', async () => {
      const user = await registered();
      await request(t.http)
        .delete('/api/identity/user')
        .set('Authorization', `Bearer ${user.identity.accessToken}`)
        .expect(204);
      await me(user.token).expect(401);
    });
  });

  // After the sign-out tests on purpose: in this order, in a fresh clone, the second process
  // once answered a new user's stream with 401. It had not opened the stream before the test
  // signed the user out 500 ms later: it was reading the gazetteer in its main thread (it had
  // another PLACES_MIN_POPULATION than this app then), answering nothing for seconds. The
  // places loader now reads in a worker thread (sessions-replicas.e2e-spec.ts), and the test
  // waits for the open stream instead of a fixed time.
  describe('across two API processes', () => {
    let a: string;
    let b: ApiProcess;

    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      a = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
      b = await startApiProcess(databaseUrl(process.env.TRIALFLOW_TEST_ADMIN_URL!, t.databaseName));
    }, 90_000);

    afterAll(async () => {
      await b?.stop();
    });

    it('should end an open event stream at its next heartbeat after the sign-out', async () => {
      const user = await registered();
      const stream = await openEventStream(b.url, user.token);
      expect(stream.status).toBe(200);
      const signedOut = Date.now();
      await logout(user.token, { everywhere: true }).expect(204);
      // The heartbeat comes every 25 s; the stream must not outlive the next one.
      const at = await Promise.race([
        stream.ended,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error('the stream stayed open')), 45_000),
        ),
      ]);
      stream.close();
      // One heartbeat interval (25 s) after the sign-out, with room for a loaded machine.
      expect(at - signedOut).toBeLessThan(45_000);
      const again = await openEventStream(b.url, user.token);
      again.close();
      expect(again.status).toBe(401);
    }, 90_000);

    it('should refuse on one replica a token whose session ended through the other', async () => {
      const user = await registered();
      await me(user.token, b.url).expect(200);
      // A refresh on replica B (same server secret, same session row) and its token on A.
      const next = (await refresh(user.refreshToken, b.url).expect(200)).body.data;
      await me(next.accessToken, a).expect(200);
      await request(a)
        .post('/api/hcp/logout')
        .set('Authorization', `Bearer ${next.accessToken}`)
        .send({ everywhere: true })
        .expect(204);
      await me(next.accessToken, b.url).expect(401);
      await refresh(next.refreshToken, b.url).expect(401);
    });
  });
});
