import request from 'supertest';
import { NotificationsController } from '../api/src/notifications/notifications.controller';
import { insertTrial, insertUser, requestBody, TestTrial, TestUser } from './factories/referrals';
import { startSmtpSink, type SmtpSink } from './utils/smtp-sink';
import { createTestApp, TestApp } from './utils/test-app';

const bearer = (u: TestUser): [string, string] => ['Authorization', `Bearer ${u.token}`];

interface Panel {
  progressId: string;
  notificationType: string;
  status: string;
  seen: boolean;
  identifier: string;
  firstName: string;
  users: { user: string; seen: boolean }[];
}

interface OutboxRow {
  recipient: string;
  template: string;
  language: string;
  subject: string;
  body_text: string;
  delivery: string;
}

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (ok(value) || Date.now() > until) {
      return value;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(NotificationsController.name, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let trial: TestTrial;
  let hcp: TestUser;
  let otherHcp: TestUser;
  let clinops: TestUser;
  let colleague: TestUser;
  let otherClinops: TestUser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
    trial = await insertTrial(t.dataSource, 2);
    hcp = await insertUser(t.app, t.dataSource, { language: 'es', firstName: 'Lucía' });
    otherHcp = await insertUser(t.app, t.dataSource);
    clinops = await insertUser(t.app, t.dataSource, {
      clinopsFacilityIds: [trial.facilityIds[0]],
      language: 'de',
      firstName: 'Jonas',
      lastName: 'Weber',
    });
    colleague = await insertUser(t.app, t.dataSource, {
      clinopsFacilityIds: [trial.facilityIds[0]],
    });
    otherClinops = await insertUser(t.app, t.dataSource, {
      clinopsFacilityIds: [trial.facilityIds[1]],
    });
  });

  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const create = async (identifier: string): Promise<string> =>
    (
      await request(t.http)
        .post('/api/hcp/progress/')
        .set(...bearer(hcp))
        .send(requestBody(hcp, trial, { identifier }))
        .expect(201)
    ).body.progress._id as string;

  const setStatus = (
    u: TestUser,
    progress: string,
    progressStatus: string,
    message = 'A note',
  ): request.Test =>
    request(t.http)
      .put(`/api/hcp/progress/${u.id}`)
      .set(...bearer(u))
      .send({ progress, progressStatus, message });

  const panel = async (u: TestUser): Promise<Panel[]> =>
    (
      await request(t.http)
        .get(`/api/hcp/hcpprogressnotifications/${u.id}`)
        .set(...bearer(u))
        .expect(200)
    ).body as Panel[];

  const outbox = (email: string): Promise<OutboxRow[]> =>
    t.dataSource.query(
      `SELECT recipient, template, language, subject, body_text, delivery FROM outbox_mail
        WHERE recipient = $1 ORDER BY created_at`,
      [email],
    );

  it('should tell the site’s clinops users of a new request, by panel and e-mail in their language', async () => {
    const id = await create('NEW-1');
    for (const user of [clinops, colleague]) {
      const [first] = await panel(user);
      expect(first).toMatchObject({
        progressId: id,
        notificationType: 'newRequest',
        status: 'newRequest',
        seen: false,
        identifier: 'NEW-1',
        firstName: 'Lucía',
        users: [{ user: user.id, seen: false }],
      });
    }
    expect((await panel(otherClinops)).filter((n) => n.progressId === id)).toEqual([]);
    expect((await panel(hcp)).filter((n) => n.progressId === id)).toEqual([]);

    const mails = await eventually(
      () => outbox(clinops.email),
      (rows) => rows.length > 0,
    );
    expect(mails[0]).toMatchObject({
      template: 'request-new',
      language: 'de',
      subject: 'Neue Studienanfrage für Ihr Zentrum',
      delivery: 'sent',
    });
    expect(mails[0].body_text).toContain(trial.nctId);
    expect(mails[0].body_text).not.toContain('NEW-1');
    expect(sink.mails.some((m) => m.to.includes(clinops.email))).toBe(true);
    expect(await outbox(otherClinops.email)).toEqual([]);
  });

  it('should tell the HCP of site decisions, in Spanish, and the site of a cancel', async () => {
    const id = await create('DEC-1');
    await setStatus(clinops, id, 'accepted', 'Please call us').expect(200);
    const [news] = (await panel(hcp)).filter((n) => n.progressId === id);
    expect(news).toMatchObject({
      notificationType: 'statusChanged',
      status: 'accepted',
      firstName: 'Jonas',
      seen: false,
    });
    const mails = await eventually(
      () => outbox(hcp.email),
      (rows) => rows.some((r) => r.template === 'request-status'),
    );
    const mail = mails.find((r) => r.template === 'request-status')!;
    expect(mail).toMatchObject({
      language: 'es',
      subject: 'Su solicitud de ensayo tiene un nuevo estado',
    });
    expect(mail.body_text).toContain('Aceptada');
    expect(mail.body_text).not.toContain('Please call us');

    await setStatus(hcp, id, 'cancelled', 'Patient declined').expect(200);
    const cancelled = (await panel(colleague)).find((n) => n.progressId === id);
    expect(cancelled).toMatchObject({ notificationType: 'cancelled', status: 'cancelled' });
    // The site that made the decision is not told of its own change.
    expect(
      (await panel(clinops)).filter((n) => n.progressId === id).map((n) => n.notificationType),
    ).toEqual(['cancelled']);
  });

  it('should list per request only the newest unseen one, newest first, then the seen ones', async () => {
    const fresh = await insertUser(t.app, t.dataSource);
    const mk = async (identifier: string): Promise<string> =>
      (
        await request(t.http)
          .post('/api/hcp/progress/')
          .set(...bearer(fresh))
          .send(requestBody(fresh, trial, { identifier }))
          .expect(201)
      ).body.progress._id as string;
    const a = await mk('A');
    const b = await mk('B');
    await setStatus(clinops, a, 'inReview').expect(200);
    await setStatus(clinops, b, 'inReview').expect(200);
    await setStatus(clinops, a, 'accepted').expect(200);

    let list = await panel(fresh);
    expect(list.map((n) => `${n.identifier}:${n.status}:${n.seen}`)).toEqual([
      'A:accepted:false',
      'B:inReview:false',
    ]);

    const seen = await request(t.http)
      .put(`/api/hcp/hcpprogressnotifications/${fresh.id}`)
      .set(...bearer(fresh))
      .send({ progressId: a })
      .expect(200);
    expect(seen.body).toEqual({ progressId: a, updated: 2 });
    list = await panel(fresh);
    expect(list.map((n) => `${n.identifier}:${n.status}:${n.seen}`)).toEqual([
      'B:inReview:false',
      'A:accepted:true',
      'A:inReview:true',
    ]);
    // Seen is per user: the site's panel is untouched.
    expect((await panel(colleague)).find((n) => n.progressId === a)?.seen).toBe(false);
  });

  it('should send a reminder to the other side of the request', async () => {
    const id = await create('REM-1');
    const res = await request(t.http)
      .post(`/api/hcp/hcpprogressnotifications/${clinops.id}`)
      .set(...bearer(clinops))
      .send({ progressId: id })
      .expect(201);
    expect(res.body).toMatchObject({
      progressId: id,
      notificationType: 'reminder',
      firstName: 'Jonas',
      lastName: 'Weber',
      seen: false,
      users: [{ user: clinops.id, seen: false }],
    });
    expect((await panel(hcp)).find((n) => n.progressId === id)).toMatchObject({
      notificationType: 'reminder',
    });
    await request(t.http)
      .post(`/api/hcp/hcpprogressnotifications/${hcp.id}`)
      .set(...bearer(hcp))
      .send({ progressId: id })
      .expect(201);
    expect((await panel(colleague)).find((n) => n.progressId === id)).toMatchObject({
      notificationType: 'reminder',
    });
    // Each reminder mails the other side: one an hour per sender and request.
    const again = await request(t.http)
      .post(`/api/hcp/hcpprogressnotifications/${hcp.id}`)
      .set(...bearer(hcp))
      .send({ progressId: id })
      .expect(429);
    expect(again.body.errors).toEqual({ progressId: 'reminderTooSoon' });
    const reminders = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM notification WHERE request_id = $1 AND type = 'reminder'`,
      [id],
    );
    expect(reminders[0].n).toBe(2);
  });

  it('should refuse other users, requests out of reach, unknown and malformed ids', async () => {
    const id = await create('PERM-1');
    const path = (u: TestUser): string => `/api/hcp/hcpprogressnotifications/${u.id}`;
    await request(t.http)
      .get(path(hcp))
      .set(...bearer(otherHcp))
      .expect(403);
    await request(t.http)
      .put(path(hcp))
      .set(...bearer(otherHcp))
      .send({ progressId: id })
      .expect(403);
    await request(t.http)
      .put(path(otherHcp))
      .set(...bearer(otherHcp))
      .send({ progressId: id })
      .expect(403);
    await request(t.http)
      .put(path(otherClinops))
      .set(...bearer(otherClinops))
      .send({ progressId: id })
      .expect(403);
    await request(t.http)
      .post(path(otherClinops))
      .set(...bearer(otherClinops))
      .send({ progressId: id })
      .expect(403);
    await request(t.http)
      .put(path(hcp))
      .set(...bearer(hcp))
      .send({ progressId: '6f1c2d4e-5b6a-4c3d-8e7f-0a1b2c3d4e5f' })
      .expect(404);
    const bad = await request(t.http)
      .put(path(hcp))
      .set(...bearer(hcp))
      .send({ progressId: 'x' })
      .expect(400);
    expect(bad.body.errors).toEqual({ progressId: 'isUuid' });
    const audit = await t.dataSource.query(
      `SELECT action, actor_id FROM audit_log WHERE request_id = $1 AND action LIKE 'notification.%'`,
      [id],
    );
    expect(audit).toEqual([]);
  });
});
