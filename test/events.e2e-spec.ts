import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { EventsController } from '../api/src/events/events.controller';
import { insertTrial, insertUser, requestBody, TestTrial, TestUser } from './factories/referrals';
import { databaseUrl } from './setup/test-postgres';
import { startApiProcess, type ApiProcess } from './utils/api-process';
import { openEventStream, type EventStream, type ReceivedEvent } from './utils/sse-client';
import { createTestApp, TestApp } from './utils/test-app';

const about =
  (progressId: string, type?: string) =>
  (e: ReceivedEvent): boolean =>
    e.data.data.progressId === progressId && (type === undefined || e.event === type);

/**
 * Two replicas on one database: the in-process app (A) and the real entry point in a process
 * of its own (B). Events fan out through Postgres LISTEN/NOTIFY.
 */
describe(EventsController.name, () => {
  let t: TestApp;
  let a: string;
  let b: ApiProcess;
  let trial: TestTrial;
  let hcp: TestUser;
  let otherHcp: TestUser;
  let clinops: TestUser;
  let otherClinops: TestUser;
  const streams: EventStream[] = [];

  const open = async (url: string, user: TestUser, lastEventId?: string): Promise<EventStream> => {
    const stream = await openEventStream(url, user.token, lastEventId);
    expect(stream.status).toBe(200);
    streams.push(stream);
    return stream;
  };

  /** A call through replica B. */
  const viaB = async (
    user: TestUser,
    method: string,
    path: string,
    body: object,
  ): Promise<Response> =>
    fetch(`${b.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  const createViaA = async (user: TestUser, facility = 0): Promise<string> =>
    (
      await request(t.http)
        .post('/api/hcp/progress/')
        .set('Authorization', `Bearer ${user.token}`)
        .send(
          requestBody(user, trial, {
            selectedLocation: { facility_id: trial.facilityIds[facility] },
          }),
        )
        .expect(201)
    ).body.progress._id as string;

  const setStatusViaA = (progress: string, progressStatus: string): request.Test =>
    request(t.http)
      .put(`/api/hcp/progress/${clinops.id}`)
      .set('Authorization', `Bearer ${clinops.token}`)
      .send({ progress, progressStatus, message: 'Site note' })
      .expect(200);

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    a = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    b = await startApiProcess(databaseUrl(process.env.TRIALFLOW_TEST_ADMIN_URL!, t.databaseName));
    trial = await insertTrial(t.dataSource, 2);
    hcp = await insertUser(t.app, t.dataSource);
    otherHcp = await insertUser(t.app, t.dataSource);
    clinops = await insertUser(t.app, t.dataSource, { clinopsFacilityIds: [trial.facilityIds[0]] });
    otherClinops = await insertUser(t.app, t.dataSource, {
      clinopsFacilityIds: [trial.facilityIds[1]],
    });
  }, 90_000);

  afterAll(async () => {
    streams.forEach((s) => s.close());
    await b?.stop();
    await t?.close();
  });

  it('should deliver an event caused through one replica to a subscriber of the other, to its audience only', async () => {
    const clinopsOnB = await open(b.url, clinops);
    const otherClinopsOnB = await open(b.url, otherClinops);
    const otherHcpOnB = await open(b.url, otherHcp);
    const hcpOnA = await open(a, hcp);

    const id = await createViaA(hcp);
    const created = await clinopsOnB.waitFor(about(id, 'notification'));
    expect(created.data).toMatchObject({
      type: 'notification',
      data: { progressId: id, notificationType: 'newRequest', status: 'newRequest' },
    });
    expect(created.id).toBe(created.data.id);
    await clinopsOnB.waitFor(about(id, 'request'));

    const res = await viaB(clinops, 'PUT', `/api/hcp/progress/${clinops.id}`, {
      progress: id,
      progressStatus: 'accepted',
      message: 'Welcome',
    });
    expect(res.status).toBe(200);
    const told = await hcpOnA.waitFor(
      (e) => about(id, 'notification')(e) && e.data.data.status === 'accepted',
    );
    expect(told.data.data).toMatchObject({ notificationType: 'statusChanged' });
    await hcpOnA.waitFor((e) => about(id, 'request')(e) && e.data.data.status === 'accepted');

    // Later events of their own prove the earlier ones would have arrived by now.
    const theirs = await createViaA(otherHcp, 1);
    await otherClinopsOnB.waitFor(about(theirs, 'notification'));
    await otherHcpOnB.waitFor(about(theirs, 'request'));
    expect(otherClinopsOnB.events.filter(about(id))).toEqual([]);
    expect(otherHcpOnB.events.filter(about(id))).toEqual([]);
    expect(hcpOnA.events.filter(about(theirs))).toEqual([]);
    // Event data holds ids and statuses, never the patient identifier.
    expect(JSON.stringify(clinopsOnB.events)).not.toContain('PAT-0042');
  });

  it('should replay what was missed after a reconnect with Last-Event-ID, in order', async () => {
    const id = await createViaA(hcp);
    const first = await open(b.url, hcp);
    await setStatusViaA(id, 'inReview');
    const seen = await first.waitFor(
      (e) => about(id, 'request')(e) && e.data.data.status === 'inReview',
    );
    first.close();

    await setStatusViaA(id, 'waitlist');
    await setStatusViaA(id, 'enrolled');

    const resumed = await open(b.url, hcp, seen.id);
    await resumed.waitFor((e) => about(id, 'notification')(e) && e.data.data.status === 'enrolled');
    const replayed = resumed.events.filter(about(id));
    expect(replayed.map((e) => `${e.event}:${String(e.data.data.status)}`)).toEqual([
      'notification:inReview',
      'request:waitlist',
      'notification:waitlist',
      'request:enrolled',
      'notification:enrolled',
    ]);
    const ids = resumed.events.map((e) => BigInt(e.id));
    expect(ids.every((n) => n > BigInt(seen.id))).toBe(true);
    expect([...ids].sort((x, y) => (x < y ? -1 : 1))).toEqual(ids);

    // Without Last-Event-ID only live events come.
    const fresh = await open(b.url, hcp);
    await setStatusViaA(id, 'accepted');
    await fresh.waitFor((e) => about(id, 'notification')(e) && e.data.data.status === 'accepted');
    expect(fresh.events.filter(about(id)).map((e) => e.data.data.status)).toEqual([
      'accepted',
      'accepted',
    ]);
  });

  it('should keep delivering after the LISTEN connections are cut', async () => {
    const clinopsOnB = await open(b.url, clinops);
    const cut = await t.dataSource.query(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
        WHERE application_name = 'trialflow-api-events' AND datname = $1`,
      [t.databaseName],
    );
    expect(cut.length).toBe(2);
    const id = await createViaA(hcp);
    const event = await clinopsOnB.waitFor(about(id, 'notification'), 15_000);
    expect(event.data.data).toMatchObject({ notificationType: 'newRequest' });
  }, 30_000);

  it('should keep patient data and user names out of the replica’s log', async () => {
    const id = await createViaA(hcp);
    const seen = await open(b.url, hcp);
    const bad = await viaB(
      hcp,
      'POST',
      '/api/hcp/progress/',
      requestBody(hcp, trial, { identifier: 'PAT-0042<>' }),
    );
    expect(bad.status).toBe(400);
    const res = await viaB(clinops, 'PUT', `/api/hcp/progress/${clinops.id}`, {
      progress: id,
      progressStatus: 'accepted',
      message: 'Welcome',
    });
    expect(res.status).toBe(200);
    await seen.waitFor((e) => about(id, 'notification')(e) && e.data.data.status === 'accepted');
    // The mail is written after the answer.
    await new Promise((r) => setTimeout(r, 500));
    const log = b.output();
    // The replica did log requests and mails (LOG_LEVEL=info), just nothing of the patient.
    expect(log).toMatch(/"method":"PUT","path":"\/api\/hcp\/progress\//);
    expect(log).toContain('Mail kept in the outbox');
    for (const secret of [
      'PAT-0042',
      'Site note',
      'Welcome',
      'lung_cancer',
      'Ada',
      hcp.email,
      clinops.email,
    ]) {
      expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  it('should refuse a bad Last-Event-ID (400) and a caller without a token (401)', async () => {
    const bad = await request(t.http)
      .get('/api/events')
      .set('Authorization', `Bearer ${hcp.token}`)
      .set('Last-Event-ID', 'abc')
      .expect(400);
    expect(bad.body.errors).toEqual({ lastEventId: 'isNumberString' });
    const anonymous = await openEventStream(b.url, null);
    anonymous.close();
    expect(anonymous.status).toBe(401);
    // A token of an account deleted since: 401, not a stream.
    const gone = await insertUser(t.app, t.dataSource);
    await t.dataSource.query('DELETE FROM app_user WHERE id = $1', [gone.id]);
    await request(t.http)
      .get('/api/events')
      .set('Authorization', `Bearer ${gone.token}`)
      .expect(401);
  });
});
