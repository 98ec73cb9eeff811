import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../api/src/database/data-source-options';
import { EmbeddedPostgres, portIsFree } from '../api/src/database/embedded-postgres';
import { HealthController } from '../api/src/health/health.controller';
import { hashPassword } from '../api/src/identity/passwords';
import { insertTrial, requestBody, type TestTrial, type TestUser } from './factories/referrals';
import { databaseUrl } from './setup/test-postgres';
import { PASSWORD, uniqueEmail } from './utils/accounts';
import { postgresServer, startApiProcess, type ApiProcess } from './utils/api-process';
import { callJson, RequestLoad, type LoadResult } from './utils/request-load';
import { openEventStream } from './utils/sse-client';
import { createTestDatabase } from './utils/test-app';

/** The bar: healthy again at most this long after Postgres accepts connections. */
const RECOVERY_LIMIT_MS = 10_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const berlinLung = {
  type_of_disease: 'lung_cancer',
  country: 'DE',
  location: { lat: 52.52, long: 13.405 },
  radius: 1000,
  radius_unit: 'KM',
  criterions: { egfr: true, tumor_stage: 4, ecog: 1, age: 1962, gender: 'female' },
};

async function freePort(): Promise<number> {
  for (let port = 20_000 + Math.floor(Math.random() * 30_000); ; port++) {
    if (await portIsFree(port)) {
      return port;
    }
  }
}

/** A folder the embedded Postgres (run as the 'postgres' user when we are root) may enter. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** Resolves when a fresh connection to `url` answers a query: Postgres is back. */
async function waitForPostgres(url: string, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return Date.now();
    } catch {
      await sleep(50);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`Postgres at ${url} did not come back within ${timeoutMs} ms`);
}

/** Polls /api/health until it answers `status`; the moment it did. */
async function waitForHealth(api: ApiProcess, status: number, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${api.url}/api/health`).catch(() => null);
    if (res?.status === status) {
      return Date.now();
    }
    await sleep(50);
  }
  throw new Error(`/api/health did not answer ${status} within ${timeoutMs} ms:\n${api.output()}`);
}

/** A confirmed account of the built-in identity provider, stored directly. */
async function insertIdentity(ds: DataSource): Promise<string> {
  const email = uniqueEmail('resilience');
  await ds.query(
    `INSERT INTO identity_user (email, password_hash, status, given_name, family_name)
     VALUES ($1, $2, 'CONFIRMED', 'Ada', 'Meyer')`,
    [email, await hashPassword(PASSWORD)],
  );
  return email;
}

async function signIn(api: ApiProcess, email: string): Promise<{ status: number; id?: string }> {
  const res = await callJson(`${api.url}/api/identity/sign-in`, 'POST', {
    email,
    password: PASSWORD,
  });
  const tokens = res.body.tokens as { idToken?: string } | undefined;
  return { status: res.status, id: tokens?.idToken };
}

/** The real sign-in: identity sign-in, then the product token from login_email. */
async function productLogin(api: ApiProcess, email: string): Promise<TestUser> {
  const { status, id: idToken } = await signIn(api, email);
  expect(status).toBe(200);
  const res = await callJson(`${api.url}/api/hcp/login_email`, 'POST', {
    registerType: 'email',
    username: email,
    accessToken: idToken,
  });
  expect(res.status).toBe(200);
  const data = res.body.data as { accessToken: string; user: { _id: string } };
  return { id: data.user._id, email, token: data.accessToken };
}

const ok = (r: LoadResult): boolean => r.status >= 200 && r.status < 300;

describe(EmbeddedPostgres.name, () => {
  let dir: string;
  let pgPort: number;
  let api: ApiProcess;
  let ds: DataSource;
  let trial: TestTrial;
  let pgUrl: string;

  beforeAll(async () => {
    dir = tempDir('trialflow-resilience-');
    pgPort = await freePort();
    api = await startApiProcess(null, {
      env: {
        DATA_DIR: dir,
        EMBEDDED_PG_PORT: String(pgPort),
        RUN_MIGRATIONS: 'true',
        SEARCH_INDEX_REFRESH_SECONDS: '1',
      },
      startTimeoutMs: 180_000,
    });
    // The URL of the API's own Postgres (its fixed local credentials), for seeding and checks.
    pgUrl = new EmbeddedPostgres({ dataDir: join(dir, 'postgres'), port: pgPort }).url;
    ds = new DataSource(dataSourceOptions(pgUrl));
    await ds.initialize();
    trial = await insertTrial(ds, 1);
  }, 240_000);

  afterAll(async () => {
    await ds?.destroy().catch(() => undefined);
    await api?.stop();
    expect(await portIsFree(pgPort)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('should restart a killed postmaster, answer 503 meanwhile and 200 within 10 s of Postgres being back, losing no acknowledged write', async () => {
    const hcps = [
      await productLogin(api, await insertIdentity(ds)),
      await productLogin(api, await insertIdentity(ds)),
      await productLogin(api, await insertIdentity(ds)),
    ];
    const clinopsEmail = await insertIdentity(ds);
    const clinopsUser = await productLogin(api, clinopsEmail);
    await ds.query('UPDATE app_user SET is_clinops = true, facility_ids = $2 WHERE id = $1', [
      clinopsUser.id,
      trial.facilityIds,
    ]);
    const clinops = await productLogin(api, clinopsEmail);
    const signInEmail = await insertIdentity(ds);

    // The search index picks the trial up (it refreshes every second here).
    const search = (): Promise<{ status: number; body: Record<string, unknown> }> =>
      callJson(`${api.url}/api/trials/questionnaire`, 'POST', berlinLung);
    for (let i = 0; ; i++) {
      const res = await search();
      if (res.status === 200 && JSON.stringify(res.body).includes(trial.nctId)) {
        break;
      }
      expect(i).toBeLessThan(100);
      await sleep(200);
    }
    const configBefore = await callJson(`${api.url}/api/config`, 'GET');
    expect(configBefore.status).toBe(200);
    const stream = await openEventStream(api.url, hcps[0].token);
    expect(stream.status).toBe(200);

    let writes = 0;
    const load = new RequestLoad({
      search: async () => {
        const res = await search();
        return { status: res.status };
      },
      search2: async () => {
        const res = await search();
        return { status: res.status };
      },
      signIn: async () => {
        // Argon2 is costly and sign-ins are rate-limited: a few a second are enough.
        await sleep(300);
        return signIn(api, signInEmail);
      },
      write: async () => {
        // Each doctor may hold 50 requests: spread the writes.
        const hcp = hcps[writes++ % hcps.length];
        const res = await callJson(
          `${api.url}/api/hcp/progress/`,
          'POST',
          requestBody(hcp, trial),
          hcp.token,
        );
        const progress = res.body.progress as { _id?: string } | undefined;
        return { status: res.status, value: progress?._id };
      },
      health: async () => ({ status: (await fetch(`${api.url}/api/health`)).status }),
    });
    try {
      await sleep(2500);
      const pidFile = join(dir, 'postgres', 'postmaster.pid');
      const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      expect(postmaster).toBeGreaterThan(0);

      const killedAt = Date.now();
      process.kill(postmaster, 'SIGKILL');
      // While it is down: the web app still gets its configuration.
      const configDuring = await callJson(`${api.url}/api/config`, 'GET');
      const backAt = await waitForPostgres(pgUrl, 60_000);
      const healthyAt = await waitForHealth(api, 200, 60_000);
      await sleep(3000);
      await load.stop();

      const before = (kind: string): LoadResult[] => load.of(kind, 0, killedAt);
      const after = (kind: string): LoadResult[] => load.of(kind, healthyAt);
      // Everything worked before the kill and works again after the recovery.
      for (const kind of ['search', 'signIn', 'write', 'health']) {
        expect({ kind, ok: before(kind).some(ok) }).toEqual({ kind, ok: true });
        expect({ kind, ok: after(kind).some(ok) }).toEqual({ kind, ok: true });
      }
      expect(Number(readFileSync(pidFile, 'utf8').split('\n')[0])).not.toBe(postmaster);
      // Down: health said so; up again within the limit.
      expect(load.of('health', killedAt, backAt).map((r) => r.status)).toContain(503);
      expect(healthyAt - backAt).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
      expect(configDuring.status).toBe(200);
      expect(configDuring.body).toEqual(configBefore.body);
      // Every failure was a clean 503: no 500, no dropped connection, no hang.
      const failures = load.results.filter((r) => !ok(r));
      const unexpected = failures.filter((r) => r.status !== 503);
      // On failure, the API's own account of those calls (errors are logged without data).
      const errors = unexpected.length
        ? api
            .output()
            .split('\n')
            .filter((line) => line.includes('Unhandled error'))
        : [];
      expect({ unexpected, errors }).toEqual({ unexpected: [], errors: [] });

      // Every acknowledged write is still there (committed means durable).
      const acknowledged = load
        .of('write')
        .filter(ok)
        .map((r) => r.value);
      expect(acknowledged.length).toBeGreaterThan(1);
      const stored: { id: string }[] = await ds.query(
        'SELECT id FROM trial_request WHERE id = ANY($1::uuid[])',
        [acknowledged],
      );
      expect(stored.map((r) => r.id).sort()).toEqual([...acknowledged].sort());

      // LISTEN/NOTIFY reconnected: a status change reaches the stream opened before the crash.
      const mine = (
        await ds.query<{ id: string }[]>(
          'SELECT id FROM trial_request WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
          [hcps[0].id],
        )
      )[0].id;
      const changed = await callJson(
        `${api.url}/api/hcp/progress/${clinops.id}`,
        'PUT',
        { progress: mine, progressStatus: 'inReview', message: 'Site note' },
        clinops.token,
      );
      expect(changed.status).toBe(200);
      await stream.waitFor(
        (e) => e.data.data.progressId === mine && e.data.data.status === 'inReview',
        10_000,
      );
      stream.close();

      // The API process lived through it all and says what happened.
      expect(api.running()).toBe(true);
      expect(api.output()).toContain('The embedded Postgres stopped unexpectedly (signal SIGKILL)');
      expect(api.output()).toContain('The embedded Postgres is running again');
      process.stdout.write(
        `Embedded Postgres killed: Postgres back after ${((backAt - killedAt) / 1000).toFixed(1)} s, ` +
          `API healthy ${((healthyAt - backAt) / 1000).toFixed(1)} s later; ` +
          `${failures.length} failed requests (all 503), ${acknowledged.length} acknowledged writes kept\n`,
      );
    } finally {
      await load.stop();
      stream.close();
    }
  }, 180_000);
});

/**
 * An external server (DATABASE_URL): the API does not manage it, its pool reconnects when the
 * server is back. A server of the test's own is stopped and started again; the e2e server
 * (TEST_DATABASE_URL where set) has every connection of the API's terminated, which is what a
 * restart does to clients.
 */
describe(HealthController.name, () => {
  it('should reconnect on its own when an external server is stopped and started again', async () => {
    const dir = tempDir('trialflow-external-');
    const server = postgresServer(join(dir, 'data'), await freePort());
    await server.start();
    let api: ApiProcess | undefined;
    let ds: DataSource | undefined;
    try {
      api = await startApiProcess(server.url, {
        env: { RUN_MIGRATIONS: 'true' },
        startTimeoutMs: 180_000,
      });
      ds = new DataSource(dataSourceOptions(server.url));
      await ds.initialize();
      const email = await insertIdentity(ds);
      await ds.destroy();
      expect((await signIn(api, email)).status).toBe(200);
      const config = await callJson(`${api.url}/api/config`, 'GET');

      await server.stop();
      await waitForHealth(api, 503, 10_000);
      const down = await callJson(`${api.url}/api/identity/sign-in`, 'POST', {
        email,
        password: PASSWORD,
      });
      expect(down.status).toBe(503);
      expect(await callJson(`${api.url}/api/config`, 'GET')).toEqual(config);

      await server.start();
      const backAt = Date.now();
      const healthyAt = await waitForHealth(api, 200, 30_000);
      expect(healthyAt - backAt).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
      expect((await signIn(api, email)).status).toBe(200);
      expect(api.running()).toBe(true);
    } finally {
      await api?.stop();
      await ds?.destroy().catch(() => undefined);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('should replace connections the server terminated (the e2e server, TEST_DATABASE_URL where set)', async () => {
    const admin = process.env.TRIALFLOW_TEST_ADMIN_URL!;
    const name = await createTestDatabase();
    const api = await startApiProcess(databaseUrl(admin, name), { startTimeoutMs: 120_000 });
    const client = new Client({ connectionString: admin });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const ds = new DataSource(dataSourceOptions(databaseUrl(admin, name)));
      await ds.initialize();
      const email = await insertIdentity(ds);
      await ds.destroy();
      expect((await signIn(api, email)).status).toBe(200);

      const terminated = await client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND application_name LIKE 'trialflow-api%'`,
        [name],
      );
      expect(terminated.rowCount).toBeGreaterThan(0);
      const terminatedAt = Date.now();
      const healthyAt = await waitForHealth(api, 200, 30_000);
      expect(healthyAt - terminatedAt).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
      // Signs in over new connections; broken ones were discarded, not handed out again.
      for (let i = 0; i < 3; i++) {
        expect((await signIn(api, email)).status).toBe(200);
      }
      expect(api.running()).toBe(true);
    } finally {
      await api.stop();
      await client.end().catch(() => undefined);
    }
  }, 180_000);
});
