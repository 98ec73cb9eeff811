import { AuthController } from '../api/src/auth/auth.controller';
import { PlacesLoader } from '../api/src/places/places-loader';
import { startApiProcess, type ApiProcess } from './utils/api-process';
import { FAST_CAPTCHA_ENV } from './utils/captcha';
import { sessionCalls } from './utils/product-sessions';
import { openEventStream } from './utils/sse-client';
import { createTestApp, TestApp } from './utils/test-app';
import { databaseUrl } from './setup/test-postgres';

const PACKAGES_READ = /Places: the packages read in [\d.]+ s \(in (a worker|the main) thread\)/;

/** The time of the first log line of the process matching `pattern`, waiting for it. */
async function loggedAt(api: ApiProcess, pattern: RegExp, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const line = api
      .output()
      .split('\n')
      .find((l) => pattern.test(l));
    if (line) {
      return Date.parse((JSON.parse(line) as { time: string }).time);
    }
    if (Date.now() > deadline || !api.running()) {
      throw new Error(`No log line ${String(pattern)}:\n${api.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`${AuthController.name} sessions on a replica that is starting`, () => {
  let t: TestApp;
  let b: ApiProcess | undefined;

  const { me, registered } = sessionCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp(FAST_CAPTCHA_ENV);
    // This app's gazetteer (the large cities, as every test app) is in the database.
    await t.app.get(PlacesLoader).whenReady();
  }, 90_000);

  afterAll(async () => {
    await b?.stop();
    await t.close();
  });

  // A second API process configured for the whole gazetteer finds another version stored and
  // reads the packages again at start: seconds of CPU. In its main thread, that refused every
  // request meanwhile; a user who signed out elsewhere in those seconds then met 401 on a
  // stream they had opened before (the order-dependent failure of sessions.e2e-spec.ts).
  it('should open a signed-in user’s event stream while it reads the gazetteer', async () => {
    const user = await registered();
    b = await startApiProcess(databaseUrl(process.env.TRIALFLOW_TEST_ADMIN_URL!, t.databaseName), {
      env: { PLACES_MIN_POPULATION: '0', LOG_LEVEL: 'debug' },
      startTimeoutMs: 90_000,
    });
    const stream = await openEventStream(b.url, user.token);
    const answeredAt = Date.now();
    stream.close();
    expect(stream.status).toBe(200);
    await me(user.token, b.url).expect(200);
    const readAt = await loggedAt(b, PACKAGES_READ, 180_000);
    // Answered before the packages were read, not after.
    expect(answeredAt).toBeLessThan(readAt);
    expect(b.output()).toMatch(/Places: the packages read in [\d.]+ s \(in a worker thread\)/);
    // And stored: the replica's whole gazetteer is in the table.
    await loggedAt(b, /Places: \d+ cities, \d+ other names and \d+ postcodes loaded/, 180_000);
    const rows: { n: number }[] = await t.dataSource.query('SELECT count(*)::int AS n FROM place');
    expect(rows[0].n).toBeGreaterThan(100_000);
  }, 300_000);
});
