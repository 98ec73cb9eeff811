import request from 'supertest';
import { ProgressController } from '../api/src/progress/progress.controller';
import { insertTrial, insertUser, requestBody, TestTrial, TestUser } from './factories/referrals';
import { createTestApp, TestApp } from './utils/test-app';

const bearer = (u: TestUser): [string, string] => ['Authorization', `Bearer ${u.token}`];

interface AuditRow {
  actor_id: string;
  action: string;
  request_id: string;
  ip: string;
  detail: Record<string, unknown>;
}

describe(ProgressController.name, () => {
  let t: TestApp;
  let trial: TestTrial;
  let otherTrial: TestTrial;
  let hcp: TestUser;
  let otherHcp: TestUser;
  let clinops: TestUser;
  let otherClinops: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    trial = await insertTrial(t.dataSource, 2);
    otherTrial = await insertTrial(t.dataSource, 1);
    hcp = await insertUser(t.app, t.dataSource);
    otherHcp = await insertUser(t.app, t.dataSource);
    clinops = await insertUser(t.app, t.dataSource, { clinopsFacilityIds: [trial.facilityIds[0]] });
    otherClinops = await insertUser(t.app, t.dataSource, {
      clinopsFacilityIds: [trial.facilityIds[1], otherTrial.facilityIds[0]],
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const create = (user: TestUser, body: Record<string, unknown>): request.Test =>
    request(t.http)
      .post('/api/hcp/progress/')
      .set(...bearer(user))
      .send(body);

  const audit = (requestId: string): Promise<AuditRow[]> =>
    t.dataSource.query(
      'SELECT actor_id, action, request_id, ip, detail FROM audit_log WHERE request_id = $1 ORDER BY id',
      [requestId],
    );

  describe('POST /api/hcp/progress/', () => {
    it('should store the request as newRequest with the questionnaire as it was and the site', async () => {
      const body = requestBody(hcp, trial, { trialName: 'A name the client made up' });
      const res = await create(hcp, body).expect(201);
      const progress = res.body.progress;
      expect(progress).toMatchObject({
        userId: hcp.id,
        identifier: 'PAT-0042',
        trialId: trial.nctId,
        trialName: trial.title,
        condition: 'lung_cancer',
        status: 'newRequest',
        comments: '',
        questionnaire: body.questionnaire,
        email: hcp.email,
        phoneNumber: '+4930123456',
        country: 'DE',
        selectedLocation: { facility_id: trial.facilityIds[0] },
      });
      expect(progress.selectedLocation.facility_name).toMatch(/^Hospital /);

      const details = await request(t.http)
        .get(`/api/hcp/progress/${hcp.id}/${progress._id}`)
        .set(...bearer(hcp))
        .expect(200);
      expect(details.body.history).toEqual([
        expect.objectContaining({
          from: null,
          to: 'newRequest',
          note: '',
          actor: { _id: hcp.id, firstName: 'Ada', lastName: 'Meyer', role: 'hcp' },
        }),
      ]);
      const rows = await audit(progress._id);
      expect(rows[0]).toMatchObject({ actor_id: hcp.id, action: 'request.create' });
      expect(rows[0].ip).toMatch(/127\.0\.0\.1|::1/);
      expect(JSON.stringify(rows)).not.toContain('PAT-0042');
    });

    it.each([
      ['a missing identifier', { identifier: undefined }, 'identifier'],
      ['an empty identifier', { identifier: '   ' }, 'identifier'],
      ['an identifier of 20 characters', { identifier: 'A'.repeat(20) }, 'identifier'],
      ['markup in the identifier', { identifier: '<b>x</b>' }, 'identifier'],
      ['no consent', { consent: false }, 'consent'],
      ['a malformed NCT id', { trialId: 'NCT123' }, 'trialId'],
      ['no site', { selectedLocation: undefined }, 'selectedLocation'],
      [
        'a site id that is not a number',
        { selectedLocation: { facility_id: 'x' } },
        'selectedLocation.facility_id',
      ],
      ['no questionnaire', { questionnaire: undefined }, 'questionnaire'],
      ['a bad phone number', { phoneNumber: '12' }, 'phoneNumber'],
      ['an unknown field', { admin: true }, 'admin'],
    ])('should answer 400 naming the field for %s', async (_name, overrides, field) => {
      const res = await create(hcp, requestBody(hcp, trial, overrides)).expect(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    });

    it('should say the spec’s message for a long identifier and take 19 characters', async () => {
      const res = await create(hcp, requestBody(hcp, trial, { identifier: 'A'.repeat(20) }));
      expect(res.body.message).toBe('Please enter a shorter identifier, max 20 characters');
      await create(
        hcp,
        requestBody(hcp, trial, { identifier: 'Ü-1/2 #3_x.'.padEnd(19, '9') }),
      ).expect(201);
    });

    it('should refuse a site that is not one of the trial’s sites', async () => {
      const res = await create(
        hcp,
        requestBody(hcp, trial, { selectedLocation: { facility_id: otherTrial.facilityIds[0] } }),
      ).expect(400);
      expect(res.body.errors).toEqual({ 'selectedLocation.facility_id': 'notATrialSite' });
    });

    it('should refuse an unknown trial and an unknown condition', async () => {
      const unknown = await create(hcp, requestBody(hcp, trial, { trialId: 'NCT00000001' })).expect(
        400,
      );
      expect(unknown.body.errors).toEqual({ trialId: 'unknownTrial' });
      const condition = await create(
        hcp,
        requestBody(hcp, trial, { questionnaire: { type_of_disease: 'flu' } }),
      ).expect(400);
      expect(condition.body.errors).toEqual({ 'questionnaire.type_of_disease': 'isIn' });
    });

    it('should refuse another user’s id (403) and a clinops caller (403)', async () => {
      await create(hcp, requestBody(otherHcp, trial)).expect(403);
      await create(clinops, requestBody(clinops, trial)).expect(403);
    });

    it('should take the 50th request and refuse the 51st with the maximum-reached message', async () => {
      const busy = await insertUser(t.app, t.dataSource);
      await t.dataSource.query(
        `INSERT INTO trial_request (user_id, identifier, nct_id, trial_name, condition,
           questionnaire, facility_id, facility_name, email)
         SELECT $1, 'P' || g, $2, 'x', 'lung_cancer', '{}', $3, 'x', 'a@b.example'
           FROM generate_series(1, 48) g`,
        [busy.id, trial.nctId, trial.facilityIds[0]],
      );
      await create(busy, requestBody(busy, trial)).expect(201);
      // Three at once for the last place: exactly one gets it.
      const racing = await Promise.all([1, 2, 3].map(() => create(busy, requestBody(busy, trial))));
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      const refused = racing.find((r) => r.status === 409)!;
      expect(refused.body).toMatchObject({
        statusCode: 409,
        message:
          'You have reached the maximum of 50 trial requests. Please contact us to send more.',
        errors: { progress: 'maxRequestsReached' },
      });
      const count = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM trial_request WHERE user_id = $1',
        [busy.id],
      );
      expect(count[0].n).toBe(50);
    });
  });

  describe('GET /api/hcp/progress/{userId}', () => {
    it('should list the HCP’s own requests newest first, and a clinops user’s facility requests', async () => {
      const hcp2 = await insertUser(t.app, t.dataSource);
      const first = (
        await create(hcp2, requestBody(hcp2, trial, { identifier: 'FIRST' })).expect(201)
      ).body.progress;
      const second = (
        await create(
          hcp2,
          requestBody(hcp2, trial, {
            identifier: 'SECOND',
            selectedLocation: { facility_id: trial.facilityIds[1] },
          }),
        ).expect(201)
      ).body.progress;
      await create(otherHcp, requestBody(otherHcp, trial, { identifier: 'NOT-MINE' })).expect(201);

      const own = await request(t.http)
        .get(`/api/hcp/progress/${hcp2.id}`)
        .set(...bearer(hcp2))
        .expect(200);
      expect(own.body.map((r: { identifier: string }) => r.identifier)).toEqual([
        'SECOND',
        'FIRST',
      ]);

      const site = await request(t.http)
        .get(`/api/hcp/progress/${clinops.id}`)
        .set(...bearer(clinops))
        .expect(200);
      const siteIds = site.body.map((r: { _id: string }) => r._id);
      expect(siteIds).toContain(first._id);
      expect(siteIds).not.toContain(second._id);
      expect(
        site.body.every(
          (r: { selectedLocation: { facility_id: number } }) =>
            r.selectedLocation.facility_id === trial.facilityIds[0],
        ),
      ).toBe(true);

      const rows = await audit(first._id);
      expect(rows.map((r) => `${r.action}:${r.actor_id}`)).toEqual(
        expect.arrayContaining([`request.list:${hcp2.id}`, `request.list:${clinops.id}`]),
      );
    });

    it('should refuse another user’s list (403) and a malformed id (400)', async () => {
      await request(t.http)
        .get(`/api/hcp/progress/${otherHcp.id}`)
        .set(...bearer(hcp))
        .expect(403);
      await request(t.http)
        .get('/api/hcp/progress/not-a-uuid')
        .set(...bearer(hcp))
        .expect(400);
    });
  });

  describe('GET /api/hcp/progress/{userId}/{requestId}', () => {
    it('should show the request to its HCP and its site only', async () => {
      const made = (await create(hcp, requestBody(hcp, trial)).expect(201)).body.progress;
      const path = (u: TestUser): string => `/api/hcp/progress/${u.id}/${made._id}`;
      await request(t.http)
        .get(path(hcp))
        .set(...bearer(hcp))
        .expect(200);
      const bySite = await request(t.http)
        .get(path(clinops))
        .set(...bearer(clinops))
        .expect(200);
      expect(bySite.body.identifier).toBe('PAT-0042');
      await request(t.http)
        .get(path(otherHcp))
        .set(...bearer(otherHcp))
        .expect(403);
      await request(t.http)
        .get(path(otherClinops))
        .set(...bearer(otherClinops))
        .expect(403);
      await request(t.http)
        .get(path(otherHcp))
        .set(...bearer(hcp))
        .expect(403);
      const rows = await audit(made._id);
      expect(rows.filter((r) => r.action === 'request.read').map((r) => r.actor_id)).toEqual([
        hcp.id,
        clinops.id,
      ]);
    });

    it('should answer 404 for an unknown request and 400 for a malformed id', async () => {
      const res = await request(t.http)
        .get(`/api/hcp/progress/${hcp.id}/6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f`)
        .set(...bearer(hcp))
        .expect(404);
      expect(res.body.message).toBe('Trial request not found.');
      await request(t.http)
        .get(`/api/hcp/progress/${hcp.id}/nope`)
        .set(...bearer(hcp))
        .expect(400);
    });
  });

  describe('PUT /api/hcp/progress/{userId}', () => {
    let requestId: string;

    const update = (u: TestUser, body: Record<string, unknown>): request.Test =>
      request(t.http)
        .put(`/api/hcp/progress/${u.id}`)
        .set(...bearer(u))
        .send(body);

    beforeAll(async () => {
      requestId = (await create(hcp, requestBody(hcp, trial)).expect(201)).body.progress
        ._id as string;
    });

    it('should let clinops of the site set each status with a note, from any status', async () => {
      for (const status of [
        'inReview',
        'waitlist',
        'accepted',
        'rejected',
        'enrolled',
        'inReview',
      ]) {
        const res = await update(clinops, {
          progress: requestId,
          progressStatus: status,
          message: `Note for ${status}`,
        }).expect(200);
        expect(res.body.progress).toMatchObject({ status, comments: `Note for ${status}` });
      }
      const details = await request(t.http)
        .get(`/api/hcp/progress/${hcp.id}/${requestId}`)
        .set(...bearer(hcp))
        .expect(200);
      expect(
        details.body.history.map((h: { from: string; to: string }) => `${h.from}>${h.to}`),
      ).toEqual([
        'null>newRequest',
        'newRequest>inReview',
        'inReview>waitlist',
        'waitlist>accepted',
        'accepted>rejected',
        'rejected>enrolled',
        'enrolled>inReview',
      ]);
      expect(details.body.history[3]).toMatchObject({
        note: 'Note for accepted',
        actor: { _id: clinops.id, role: 'clinops' },
      });
      const rows = await audit(requestId);
      expect(rows.filter((r) => r.action === 'request.status')).toHaveLength(6);
      expect(rows.find((r) => r.action === 'request.status')!.detail).toEqual({
        from: 'newRequest',
        to: 'inReview',
      });
    });

    it.each([
      ['no note', { message: '' }, 'message'],
      ['a note of 501 characters', { message: 'x'.repeat(501) }, 'message'],
      ['newRequest as the status', { progressStatus: 'newRequest' }, 'progressStatus'],
      ['an unknown status', { progressStatus: 'done' }, 'progressStatus'],
      ['a malformed request id', { progress: '42' }, 'progress'],
    ])('should answer 400 naming the field for %s', async (_name, overrides, field) => {
      const res = await update(clinops, {
        progress: requestId,
        progressStatus: 'accepted',
        message: 'ok',
        ...overrides,
      }).expect(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    });

    it('should take a note of exactly 500 characters', async () => {
      await update(clinops, {
        progress: requestId,
        progressStatus: 'accepted',
        message: 'y'.repeat(500),
      }).expect(200);
    });

    it('should refuse status changes by the HCP and by clinops of another facility', async () => {
      const body = { progress: requestId, progressStatus: 'accepted', message: 'Self-accepted' };
      const own = await update(hcp, body).expect(403);
      expect(own.body.message).toBe('Only the trial site may change the status of a request.');
      await update(otherClinops, body).expect(403);
      await update(otherHcp, body).expect(403);
      await update(clinops, { ...body, progressStatus: 'cancelled' }).expect(403);
      await update(otherHcp, { ...body, progressStatus: 'cancelled' }).expect(403);
      await request(t.http)
        .put(`/api/hcp/progress/${clinops.id}`)
        .set(...bearer(hcp))
        .send(body)
        .expect(403);
      await update(clinops, { ...body, progress: '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f' }).expect(
        404,
      );
    });

    it('should let only the HCP cancel, with an explanation, and keep cancelled final', async () => {
      const noExplanation = await update(hcp, {
        progress: requestId,
        progressStatus: 'cancelled',
        message: ' ',
      }).expect(400);
      expect(noExplanation.body.errors).toEqual({ message: 'isNotEmpty' });
      const res = await update(hcp, {
        progress: requestId,
        progressStatus: 'cancelled',
        message: 'The patient moved away.',
      }).expect(200);
      expect(res.body.progress).toMatchObject({
        status: 'cancelled',
        comments: 'The patient moved away.',
      });

      const again = await update(clinops, {
        progress: requestId,
        progressStatus: 'accepted',
        message: 'x',
      }).expect(409);
      expect(again.body.errors).toEqual({ progress: 'requestCancelled' });
      await update(hcp, {
        progress: requestId,
        progressStatus: 'cancelled',
        message: 'again',
      }).expect(409);
      const rows = await audit(requestId);
      expect(rows.filter((r) => r.action === 'request.cancel')).toHaveLength(1);
    });
  });
});
