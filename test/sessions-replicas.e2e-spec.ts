import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AuthController } from '../api/src/auth/auth.controller';
import { newAccount, registerUser, type IdentityTokens } from './utils/accounts';
import { startApiProcess, type ApiProcess } from './utils/api-process';
import { FAST_CAPTCHA_ENV } from './utils/captcha';
import { createTestApp, TestApp } from './utils/test-app';
import { databaseUrl } from './setup/test-postgres';

interface Login {
  token: string;
  refreshToken: string;
  userId: string;
  email: string;
  identity: IdentityTokens;
}

describe(`${AuthController.name} sessions across replicas`, () => {
  let t: TestApp;

  const me = (token: string, http: App | string = t.http): request.Test =>
    request(http).get('/api/hcp/user/me').set('Authorization', `Bearer ${token}`);
  const refresh = (refreshToken: unknown, http: App | string = t.http): request.Test =>
    request(http).post('/api/hcp/refresh_token').send({ refreshToken });
  const logout = (token: string, body: object = {}): request.Test =>
    request(t.http).post('/api/hcp/logout').set('Authorization', `Bearer ${token}`).send(body);
  const loginEmail = (idToken: string, email: string): request.Test =>
    request(t.http)
      .post('/api/hcp/login_email')
      .set('User-Agent', 'Sessions test browser')
      .send({ registerType: 'email', username: email, accessToken: idToken });

  /** A registered user, signed in to the product on one device. */
  async function registered(): Promise<Login & { password: string }> {
    const r = await registerUser(t.http, t.dataSource, newAccount());
    const res = await loginEmail(r.tokens.idToken, r.account.email).expect(200);
    return {
      token: res.body.data.accessToken as string,
      refreshToken: res.body.data.refreshToken as string,
      userId: r.user._id,
      email: r.account.email,
      identity: r.tokens,
      password: r.account.password,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(FAST_CAPTCHA_ENV);
  });

  afterAll(async () => {
    await t.close();
  });

  // Its own file, with a fresh app and database: run after the sign-out tests of
  // sessions.e2e-spec.ts in one app, the second process refused a new user's event stream
  // (401) in a fresh clone only. Cause not found yet (see the session note of 2026-11-23).
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
      const opened = Date.now();
      const ended = new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${b.url}/api/events`,
          {
            agent: false,
            headers: { Accept: 'text/event-stream', Authorization: `Bearer ${user.token}` },
          },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.resume();
            res.on('end', () => resolve(Date.now()));
          },
        );
        req.on('error', reject);
        req.end();
      });
      await new Promise((r) => setTimeout(r, 500));
      await logout(user.token, { everywhere: true }).expect(204);
      // The heartbeat comes every 25 s; the stream must not outlive the next one.
      const at = await Promise.race([
        ended,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error('the stream stayed open')), 45_000),
        ),
      ]);
      // One heartbeat interval (25 s) after the sign-out, with room for a loaded machine.
      expect(at - opened).toBeLessThan(45_000);
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
