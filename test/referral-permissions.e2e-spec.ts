import request from 'supertest';
import { ProgressService } from '../api/src/progress/progress.service';
import { insertTrial, insertUser, requestBody, TestTrial, TestUser } from './factories/referrals';
import { createTestApp, TestApp } from './utils/test-app';

type Method = 'get' | 'post' | 'put';
type Persona = 'anonymous' | 'otherHcp' | 'otherClinops';

interface Call {
  operationId: string;
  method: Method;
  path: (caller: TestUser | null) => string;
  body?: (caller: TestUser | null) => Record<string, unknown>;
  expected: Record<Persona, number>;
}

const REFERRAL_TAGS = ['progress', 'notifications', 'facility-progress', 'events'];

/**
 * Every route of the referral loop walked as someone who must not reach the HCP's request: no
 * token, another HCP, clinops of another facility. Nothing may change, nothing may leak.
 */
describe(`${ProgressService.name} permissions`, () => {
  let t: TestApp;
  let trial: TestTrial;
  let hcp: TestUser;
  let clinops: TestUser;
  let people: Record<Exclude<Persona, 'anonymous'>, TestUser>;
  let requestId: string;
  let cardId: string;
  let calls: Call[];

  beforeAll(async () => {
    t = await createTestApp();
    trial = await insertTrial(t.dataSource, 2);
    hcp = await insertUser(t.app, t.dataSource);
    clinops = await insertUser(t.app, t.dataSource, { clinopsFacilityIds: [trial.facilityIds[0]] });
    people = {
      otherHcp: await insertUser(t.app, t.dataSource),
      otherClinops: await insertUser(t.app, t.dataSource, {
        clinopsFacilityIds: [trial.facilityIds[1]],
      }),
    };
    requestId = (
      await request(t.http)
        .post('/api/hcp/progress/')
        .set('Authorization', `Bearer ${hcp.token}`)
        .send(requestBody(hcp, trial))
        .expect(201)
    ).body.progress._id as string;
    const board = await request(t.http)
      .get('/api/clinops/facility-progress')
      .set('Authorization', `Bearer ${clinops.token}`)
      .expect(200);
    cardId = (board.body as { _id: string }[])[0]._id;

    const own = (c: TestUser | null): string => c?.id ?? hcp.id;
    const denied = { anonymous: 401, otherHcp: 403, otherClinops: 403 };
    calls = [
      {
        operationId: 'listTrialRequests',
        method: 'get',
        path: () => `/api/hcp/progress/${hcp.id}`,
        expected: denied,
      },
      {
        operationId: 'getTrialRequest',
        method: 'get',
        path: () => `/api/hcp/progress/${hcp.id}/${requestId}`,
        expected: denied,
      },
      {
        operationId: 'getTrialRequest',
        method: 'get',
        path: (c) => `/api/hcp/progress/${own(c)}/${requestId}`,
        expected: denied,
      },
      {
        operationId: 'createTrialRequest',
        method: 'post',
        path: () => '/api/hcp/progress/',
        body: () => requestBody(hcp, trial),
        expected: denied,
      },
      {
        operationId: 'updateTrialRequest',
        method: 'put',
        path: (c) => `/api/hcp/progress/${own(c)}`,
        body: () => ({ progress: requestId, progressStatus: 'accepted', message: 'Taken' }),
        expected: denied,
      },
      {
        operationId: 'updateTrialRequest',
        method: 'put',
        path: (c) => `/api/hcp/progress/${own(c)}`,
        body: () => ({ progress: requestId, progressStatus: 'cancelled', message: 'Gone' }),
        expected: denied,
      },
      {
        operationId: 'listNotifications',
        method: 'get',
        path: () => `/api/hcp/hcpprogressnotifications/${hcp.id}`,
        expected: denied,
      },
      {
        operationId: 'createNotification',
        method: 'post',
        path: (c) => `/api/hcp/hcpprogressnotifications/${own(c)}`,
        body: () => ({ progressId: requestId }),
        expected: denied,
      },
      {
        operationId: 'markNotificationsSeen',
        method: 'put',
        path: (c) => `/api/hcp/hcpprogressnotifications/${own(c)}`,
        body: () => ({ progressId: requestId }),
        expected: denied,
      },
      {
        operationId: 'listFacilityProgress',
        method: 'get',
        path: () => '/api/clinops/facility-progress',
        // Their own (empty) board: checked below to hold no card of this request.
        expected: { anonymous: 401, otherHcp: 403, otherClinops: 200 },
      },
      {
        operationId: 'updateFacilityProgress',
        method: 'put',
        path: () => `/api/clinops/facility-progress/${cardId}`,
        body: () => ({ decision_made: true, approved: true }),
        expected: denied,
      },
      // Authenticated streams are walked in events.e2e-spec.ts (what each subscriber receives).
      {
        operationId: 'streamEvents',
        method: 'get',
        path: () => '/api/events',
        expected: { anonymous: 401, otherHcp: 0, otherClinops: 0 },
      },
    ];
  });

  afterAll(async () => {
    await t.close();
  });

  it('should walk every operation of the referral loop', async () => {
    const doc = (await request(t.http).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const referralOps = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op.tags?.some((tag) => REFERRAL_TAGS.includes(tag)))
      .map((op) => op.operationId);
    expect([...new Set(calls.map((c) => c.operationId))].sort()).toEqual(referralOps.sort());
  });

  it.each<Persona>(['anonymous', 'otherHcp', 'otherClinops'])(
    'should keep the request from %s',
    async (persona) => {
      const caller = persona === 'anonymous' ? null : people[persona];
      for (const call of calls) {
        const status = call.expected[persona];
        if (status === 0) {
          continue;
        }
        let req = request(t.http)[call.method](call.path(caller));
        if (caller) {
          req = req.set('Authorization', `Bearer ${caller.token}`);
        }
        const res = await req.send(call.body?.(caller) ?? {});
        expect({ op: call.operationId, path: call.path(caller), status: res.status }).toEqual({
          op: call.operationId,
          path: call.path(caller),
          status,
        });
        expect(JSON.stringify(res.body)).not.toContain('PAT-0042');
      }
    },
  );

  it('should have changed nothing and written no audit entry for the refused calls', async () => {
    const rows = await t.dataSource.query(
      `SELECT r.status, r.comments, fp.decision_made, fp.approved,
              (SELECT count(*)::int FROM trial_request WHERE user_id = $2) AS requests,
              (SELECT count(*)::int FROM notification WHERE request_id = r.id) AS notifications
         FROM trial_request r JOIN facility_progress fp ON fp.request_id = r.id WHERE r.id = $1`,
      [requestId, hcp.id],
    );
    expect(rows).toEqual([
      {
        status: 'newRequest',
        comments: '',
        decision_made: false,
        approved: null,
        requests: 1,
        notifications: 1,
      },
    ]);
    const audit = await t.dataSource.query(
      'SELECT DISTINCT actor_id FROM audit_log WHERE request_id = $1 ORDER BY actor_id',
      [requestId],
    );
    expect(audit.map((r: { actor_id: string }) => r.actor_id).sort()).toEqual(
      [hcp.id, clinops.id].sort(),
    );
  });
});
