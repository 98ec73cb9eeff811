import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { Env } from '../api/src/config/env';
import { PostgresThrottlerStorage } from '../api/src/rate-limit/postgres-throttler.storage';
import { RateLimitGuard } from '../api/src/rate-limit/rate-limit.guard';
import { databaseUrl } from './setup/test-postgres';
import { uniqueEmail } from './utils/accounts';
import { startApiProcess, type ApiProcess } from './utils/api-process';
import { createTestApp, TestApp } from './utils/test-app';

/** The limits as they ship (test apps raise them for the other files). */
const DEFAULTS = new Env();
const REAL_LIMITS: Record<string, string> = {
  RATE_LIMIT_WINDOW_SECONDS: String(DEFAULTS.RATE_LIMIT_WINDOW_SECONDS),
  RATE_LIMIT_PER_ADDRESS: String(DEFAULTS.RATE_LIMIT_PER_ADDRESS),
  RATE_LIMIT_IDENTITY_PER_ADDRESS: String(DEFAULTS.RATE_LIMIT_IDENTITY_PER_ADDRESS),
  RATE_LIMIT_IDENTITY_PER_ACCOUNT: String(DEFAULTS.RATE_LIMIT_IDENTITY_PER_ACCOUNT),
  RATE_LIMIT_SEARCH_PER_ADDRESS: String(DEFAULTS.RATE_LIMIT_SEARCH_PER_ADDRESS),
  RATE_LIMIT_UPLOAD_PER_ADDRESS: String(DEFAULTS.RATE_LIMIT_UPLOAD_PER_ADDRESS),
};

let nextAddress = 1;
/** A documentation address (RFC 5737) no other test of this file uses. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

/** Sends `count` requests, `batch` at a time; answers their statuses in order. */
async function statuses(count: number, send: (i: number) => request.Test, batch = 10) {
  const all: number[] = [];
  for (let i = 0; i < count; i += batch) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, (_, j) => send(i + j)),
    );
    all.push(...answers.map((r) => r.status));
  }
  return all;
}

function expectTooMany(res: request.Response): void {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(DEFAULTS.RATE_LIMIT_WINDOW_SECONDS);
  expect(res.body).toMatchObject({
    statusCode: 429,
    code: 'TooManyRequests',
    message: 'Too many requests, please try again later.',
  });
}

describe(RateLimitGuard.name, () => {
  let t: TestApp;
  const signIn = (address: string, email = uniqueEmail('nobody')) =>
    request(t.http)
      .post('/api/identity/sign-in')
      .set('X-Forwarded-For', address)
      .send({ email, password: 'not-the-password-1' });

  beforeAll(async () => {
    // The default TRUST_PROXY believes a proxy on loopback: X-Forwarded-For names the caller.
    t = await createTestApp(REAL_LIMITS);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should refuse the identity routes of one address past the limit, with Retry-After', async () => {
    const address = freshAddress();
    const limit = DEFAULTS.RATE_LIMIT_IDENTITY_PER_ADDRESS;
    // Sign-in and forgot-password share the budget; every account differs.
    const answers = await statuses(limit, (i) =>
      i % 2 === 0
        ? signIn(address)
        : request(t.http)
            .post('/api/identity/forgot-password')
            .set('X-Forwarded-For', address)
            .send({ email: uniqueEmail('nobody') }),
    );
    expect(answers).toEqual(Array.from({ length: limit }, () => 404));
    expectTooMany(
      await request(t.http)
        .post('/api/identity/confirm-sign-up')
        .set('X-Forwarded-For', address)
        .send({ email: uniqueEmail('nobody'), code: '123456' }),
    );
    expectTooMany(await signIn(address));
    // Another address is not affected, and neither are the routes outside the class.
    await signIn(freshAddress()).expect(404);
    await request(t.http).get('/api/config').set('X-Forwarded-For', address).expect(200);
  });

  it('should refuse one account past its limit whatever the address', async () => {
    const email = uniqueEmail('victim');
    const limit = DEFAULTS.RATE_LIMIT_IDENTITY_PER_ACCOUNT;
    const answers = await statuses(limit, () => signIn(freshAddress(), email));
    expect(answers).toEqual(Array.from({ length: limit }, () => 404));
    // The account is normalized: case and spaces do not make it another one.
    expectTooMany(await signIn(freshAddress(), `  ${email.toUpperCase()} `));
    await signIn(freshAddress(), uniqueEmail('other')).expect(404);
  });

  it('should refuse searches of one address past the limit', async () => {
    const address = freshAddress();
    const limit = DEFAULTS.RATE_LIMIT_SEARCH_PER_ADDRESS;
    const search = () =>
      request(t.http)
        .post('/api/trials/questionnaire')
        .set('X-Forwarded-For', address)
        .send({ type_of_disease: 'lung_cancer' });
    const answers = await statuses(limit, search, 20);
    expect(answers.filter((s) => s === 429)).toEqual([]);
    expectTooMany(await search());
    expectTooMany(
      await request(t.http)
        .post('/api/trials/summary')
        .set('X-Forwarded-For', address)
        .send({ type_of_disease: 'lung_cancer' }),
    );
    // Trial details are not a search: the generous default still lets them through.
    const details = await request(t.http)
      .get('/api/trials/NCT00000000')
      .set('X-Forwarded-For', address);
    expect(details.status).not.toBe(429);
  });

  it('should refuse uploads of one address past the limit, before the sign-in check', async () => {
    const address = freshAddress();
    const limit = DEFAULTS.RATE_LIMIT_UPLOAD_PER_ADDRESS;
    const upload = (i: number) =>
      (i % 2 === 0
        ? request(t.http).post('/api/files/00000000-0000-4000-8000-000000000000')
        : request(t.http).post('/files/upload')
      ).set('X-Forwarded-For', address);
    const answers = await statuses(limit, upload);
    expect(answers).toEqual(Array.from({ length: limit }, () => 401));
    expectTooMany(await upload(0));
    expectTooMany(await upload(1));
  });

  it('should refuse any route past the generous per-address default, but never health', async () => {
    const address = freshAddress();
    const limit = DEFAULTS.RATE_LIMIT_PER_ADDRESS;
    const answers = await statuses(
      limit,
      () => request(t.http).get('/api/partners').set('X-Forwarded-For', address),
      50,
    );
    expect(answers).toEqual(Array.from({ length: limit }, () => 200));
    expectTooMany(await request(t.http).get('/api/config').set('X-Forwarded-For', address));
    await request(t.http).get('/api/health').set('X-Forwarded-For', address).expect(200);
  });

  it('should count the places routes (in memory, in batches) in the same per-address budget', async () => {
    const address = freshAddress();
    const limit = DEFAULTS.RATE_LIMIT_PER_ADDRESS;
    const places = () =>
      request(t.http).get('/api/places/visitor-country').set('X-Forwarded-For', address);
    const answers = await statuses(limit - 1, places, 50);
    expect(answers).toEqual(Array.from({ length: limit - 1 }, () => 200));
    // The other routes' counter is the same one: the last request of the budget, then none.
    await request(t.http).get('/api/config').set('X-Forwarded-For', address).expect(200);
    expectTooMany(await places());
    expectTooMany(await request(t.http).get('/api/partners').set('X-Forwarded-For', address));
    // What was counted in memory reaches Postgres, for the other replicas.
    await t.app.get(PostgresThrottlerStorage).flush();
    const key = createHash('sha256').update(`default:${address}`).digest('hex');
    const rows: { hits: number }[] = await t.dataSource.query(
      'SELECT hits FROM rate_limit_counter WHERE key = $1',
      [key],
    );
    // Every request counted once, the refused ones too.
    expect(rows).toEqual([{ hits: limit + 2 }]);
  });

  it('should delete counters whose window and block are over', async () => {
    await signIn(freshAddress()).expect(404);
    await t.dataSource.query(
      "UPDATE rate_limit_counter SET expires_at = now() - interval '1 second', blocked_until = NULL",
    );
    await t.app.get(PostgresThrottlerStorage).cleanUp();
    const rows: { n: number }[] = await t.dataSource.query(
      'SELECT count(*)::int AS n FROM rate_limit_counter',
    );
    expect(rows[0].n).toBe(0);
  });

  it('should store no address or e-mail in clear', async () => {
    const email = uniqueEmail('clear');
    await signIn('198.51.100.77', email).expect(404);
    const rows: { key: string }[] = await t.dataSource.query('SELECT key FROM rate_limit_counter');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('should document 429 with its reason on the limited operations', () => {
    const doc = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    expect(doc.paths['/api/identity/forgot-password'].post.responses['429'].description).toMatch(
      /for this account/,
    );
    expect(doc.paths['/api/trials/questionnaire'].post.responses['429'].description).toMatch(
      /searches/,
    );
    expect(doc.paths['/files/upload'].post.responses['429'].description).toMatch(/uploads/);
    expect(doc.paths['/api/config'].get.responses['429'].description).toMatch(/RATE_LIMIT/);
    expect(doc.paths['/api/health'].get.responses['429']).toBeUndefined();
  });

  describe('with two API processes on one database', () => {
    let a: string;
    let b: ApiProcess;

    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      a = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
      b = await startApiProcess(
        databaseUrl(process.env.TRIALFLOW_TEST_ADMIN_URL!, t.databaseName),
        {
          env: REAL_LIMITS,
        },
      );
    });

    afterAll(async () => {
      await b?.stop();
    });

    it('should count the requests of one address in both', async () => {
      const address = freshAddress();
      const limit = DEFAULTS.RATE_LIMIT_IDENTITY_PER_ADDRESS;
      const answers = await statuses(limit, (i) =>
        request(i % 2 === 0 ? a : b.url)
          .post('/api/identity/sign-in')
          .set('X-Forwarded-For', address)
          .send({ email: uniqueEmail('nobody'), password: 'not-the-password-1' }),
      );
      expect(answers).toEqual(Array.from({ length: limit }, () => 404));
      for (const url of [a, b.url]) {
        expectTooMany(
          await request(url)
            .post('/api/identity/sign-in')
            .set('X-Forwarded-For', address)
            .send({ email: uniqueEmail('nobody'), password: 'not-the-password-1' }),
        );
      }
    });

    it('should count the places routes of one address in both, refusing none before the limit', async () => {
      const address = freshAddress();
      const limit = DEFAULTS.RATE_LIMIT_PER_ADDRESS;
      const answers = await statuses(
        limit,
        (i) =>
          request(i % 2 === 0 ? a : b.url)
            .get('/api/places/visitor-country')
            .set('X-Forwarded-For', address),
        20,
      );
      // Each replica counts in memory and flushes once a second: its view never holds more hits
      // than were made, so nothing is refused before the limit…
      expect(answers).toEqual(Array.from({ length: limit }, () => 200));
      // …and once both have flushed, both refuse the address.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      for (const url of [a, b.url]) {
        expectTooMany(
          await request(url).get('/api/places/visitor-country').set('X-Forwarded-For', address),
        );
      }
    });
  });
});

describe('TRUST_PROXY', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...REAL_LIMITS, TRUST_PROXY: 'false' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should ignore X-Forwarded-For from a proxy it does not trust', async () => {
    const limit = DEFAULTS.RATE_LIMIT_IDENTITY_PER_ADDRESS;
    // Each request claims another address; without a trusted proxy all come from 127.0.0.1.
    const send = () =>
      request(t.http)
        .post('/api/identity/sign-in')
        .set('X-Forwarded-For', freshAddress())
        .send({ email: uniqueEmail('nobody'), password: 'not-the-password-1' });
    const answers = await statuses(limit, send);
    expect(answers).toEqual(Array.from({ length: limit }, () => 404));
    expectTooMany(await send());
  });
});
