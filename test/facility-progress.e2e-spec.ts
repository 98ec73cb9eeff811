import request from 'supertest';
import { FacilityProgressController } from '../api/src/facility-progress/facility-progress.controller';
import { insertTrial, insertUser, requestBody, TestTrial, TestUser } from './factories/referrals';
import { createTestApp, TestApp } from './utils/test-app';

const bearer = (u: TestUser): [string, string] => ['Authorization', `Bearer ${u.token}`];

interface Card {
  _id: string;
  progressId: string;
  identifier: string;
  trial: { trial_id: string; trial_name: string };
  condition: string;
  status: string;
  reached_out: boolean;
  initial_discussion: boolean;
  info_needed: boolean;
  decision_made: boolean;
  approved: boolean | null;
  timestamp: string;
}

describe(FacilityProgressController.name, () => {
  let t: TestApp;
  let trial: TestTrial;
  let hcp: TestUser;
  let clinops: TestUser;
  let colleague: TestUser;
  let otherClinops: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    trial = await insertTrial(t.dataSource, 2);
    hcp = await insertUser(t.app, t.dataSource);
    clinops = await insertUser(t.app, t.dataSource, { clinopsFacilityIds: [trial.facilityIds[0]] });
    colleague = await insertUser(t.app, t.dataSource, {
      clinopsFacilityIds: [trial.facilityIds[0]],
    });
    otherClinops = await insertUser(t.app, t.dataSource, {
      clinopsFacilityIds: [trial.facilityIds[1]],
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const create = async (identifier: string): Promise<string> =>
    (
      await request(t.http)
        .post('/api/hcp/progress/')
        .set(...bearer(hcp))
        .send(requestBody(hcp, trial, { identifier }))
        .expect(201)
    ).body.progress._id as string;

  const board = async (u: TestUser): Promise<Card[]> =>
    (
      await request(t.http)
        .get('/api/clinops/facility-progress')
        .set(...bearer(u))
        .expect(200)
    ).body as Card[];

  const move = (u: TestUser, id: string, body: Record<string, unknown>): request.Test =>
    request(t.http)
      .put(`/api/clinops/facility-progress/${id}`)
      .set(...bearer(u))
      .send(body);

  it('should show a new request as a Reached Out card on its site’s board only', async () => {
    const id = await create('CARD-1');
    const card = (await board(clinops)).find((c) => c.progressId === id);
    expect(card).toMatchObject({
      identifier: 'CARD-1',
      trial: { trial_id: trial.nctId, trial_name: trial.title },
      condition: 'lung_cancer',
      status: 'newRequest',
      reached_out: true,
      initial_discussion: false,
      info_needed: false,
      decision_made: false,
      approved: null,
    });
    expect((await board(otherClinops)).some((c) => c.progressId === id)).toBe(false);
    const audit = await t.dataSource.query(
      `SELECT actor_id FROM audit_log WHERE request_id = $1 AND action = 'board.list'`,
      [id],
    );
    expect(audit).toEqual([{ actor_id: clinops.id }]);
  });

  it('should save moves and the decision for every clinops user of the facility', async () => {
    const id = await create('CARD-2');
    const card = (await board(clinops)).find((c) => c.progressId === id)!;
    const moved = await move(clinops, card._id, {
      reached_out: false,
      initial_discussion: true,
    }).expect(200);
    expect(moved.body).toMatchObject({
      reached_out: false,
      initial_discussion: true,
      decision_made: false,
    });

    const seenByColleague = (await board(colleague)).find((c) => c._id === card._id)!;
    expect(seenByColleague).toMatchObject({ reached_out: false, initial_discussion: true });

    const decided = await move(colleague, card._id, {
      decision_made: true,
      approved: false,
    }).expect(200);
    expect(decided.body).toMatchObject({
      initial_discussion: true,
      decision_made: true,
      approved: false,
    });
    expect((await board(clinops)).find((c) => c._id === card._id)).toMatchObject({
      decision_made: true,
      approved: false,
    });

    const undecided = await move(clinops, card._id, { decision_made: false }).expect(200);
    expect(undecided.body).toMatchObject({ decision_made: false, approved: null });
  });

  it('should answer 400 for a decision without Decision Made, a non-boolean and an empty move', async () => {
    const id = await create('CARD-3');
    const card = (await board(clinops)).find((c) => c.progressId === id)!;
    const noStage = await move(clinops, card._id, { approved: true }).expect(400);
    expect(noStage.body.errors).toEqual({ approved: 'decisionRequired' });
    const notBool = await move(clinops, card._id, { info_needed: 'yes' }).expect(400);
    expect(notBool.body.errors).toEqual({ info_needed: 'isBoolean' });
    await move(clinops, card._id, {}).expect(400);
    const unknown = await move(clinops, card._id, { column: 3 }).expect(400);
    expect(unknown.body.errors).toEqual({ column: 'whitelistValidation' });
    expect((await board(clinops)).find((c) => c._id === card._id)).toMatchObject({
      reached_out: true,
      info_needed: false,
      approved: null,
    });
  });

  it('should refuse other facilities (403), HCPs (403), unknown (404) and cancelled (409) cards', async () => {
    const id = await create('CARD-4');
    const card = (await board(clinops)).find((c) => c.progressId === id)!;
    await move(otherClinops, card._id, { info_needed: true }).expect(403);
    await move(hcp, card._id, { info_needed: true }).expect(403);
    await request(t.http)
      .get('/api/clinops/facility-progress')
      .set(...bearer(hcp))
      .expect(403);
    await move(clinops, '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f', { info_needed: true }).expect(404);
    await move(clinops, 'x', { info_needed: true }).expect(400);

    await request(t.http)
      .put(`/api/hcp/progress/${hcp.id}`)
      .set(...bearer(hcp))
      .send({ progress: id, progressStatus: 'cancelled', message: 'No longer needed' })
      .expect(200);
    const res = await move(clinops, card._id, { info_needed: true }).expect(409);
    expect(res.body.errors).toEqual({ progress: 'requestCancelled' });
    const audit = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE request_id = $1 AND action = 'board.update'`,
      [id],
    );
    expect(audit[0].n).toBe(0);
  });
});
