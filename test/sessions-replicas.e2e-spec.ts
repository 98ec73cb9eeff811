import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AuthController } from '../api/src/auth/auth.controller';
import { startApiProcess, type ApiProcess } from './utils/api-process';
import { FAST_CAPTCHA_ENV } from './utils/captcha';
import { sessionCalls } from './utils/product-sessions';
import { createTestApp, TestApp } from './utils/test-app';
import { databaseUrl } from './setup/test-postgres';

describe(`${AuthController.name} sessions across replicas`, () => {
  let t: TestApp;

  const { me, refresh, logout, registered } = sessionCalls(() => t);

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
