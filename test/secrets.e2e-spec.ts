import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ServerSecret } from '../api/src/signing-keys/server-secret';
import { latestMail, newAccount, readCode, signUpIdentity } from './utils/accounts';
import { FAST_CAPTCHA_ENV } from './utils/captcha';
import { closedPort, decodeQuotedPrintable, startSmtpSink, type SmtpSink } from './utils/smtp-sink';
import { capturingLogger, createTestApp, TestApp } from './utils/test-app';

const APP_SECRET = randomBytes(36).toString('base64url');

/** The hash of a code as the API stores it, keyed with the server secret. */
const codeHash = (secret: string, userId: string, purpose: string, code: string): string =>
  createHmac('sha256', secret).update(`identity-code\0${userId}:${purpose}:${code}`).digest('hex');

async function storedCode(t: TestApp, email: string): Promise<{ userId: string; hash: string }> {
  const rows: { user_id: string; code_hash: string }[] = await t.dataSource.query(
    `SELECT c.user_id, c.code_hash FROM identity_code c JOIN identity_user u ON u.id = c.user_id
      WHERE u.email = $1 AND c.used_at IS NULL`,
    [email],
  );
  expect(rows).toHaveLength(1);
  return { userId: rows[0].user_id, hash: rows[0].code_hash };
}

/** With the secret (and only with it) the six digits behind a hash can be found. */
function recoverCode(secret: string, userId: string, purpose: string, hash: string): string | null {
  for (let n = 0; n < 1_000_000; n++) {
    const code = String(n).padStart(6, '0');
    if (codeHash(secret, userId, purpose, code) === hash) {
      return code;
    }
  }
  return null;
}

describe(ServerSecret.name, () => {
  describe('with APP_SECRET', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ ...FAST_CAPTCHA_ENV, APP_SECRET });
    });

    afterAll(async () => {
      await t.close();
    });

    it('should hash codes with the server secret, not with a key stored beside them', async () => {
      const account = newAccount();
      expect((await signUpIdentity(t.http, account)).res.status).toBe(200);
      const code = await readCode(t.dataSource, account.email);
      const { userId, hash } = await storedCode(t, account.email);

      expect(hash).toBe(codeHash(APP_SECRET, userId, 'CONFIRM_SIGN_UP', code));
      // The former scheme keyed the HMAC with the user's id, which the row holds.
      expect(hash).not.toBe(createHmac('sha256', userId).update(code).digest('hex'));
      // Nothing of the secret is in the database.
      const secrets: { value: string }[] = await t.dataSource.query('SELECT value FROM app_secret');
      expect(secrets.map((s) => s.value)).not.toContain(APP_SECRET);

      await request(t.http)
        .post('/api/identity/confirm-sign-up')
        .send({ email: account.email, code })
        .expect(200);
    });

    it('should hash password reset codes the same way', async () => {
      const account = newAccount();
      await signUpIdentity(t.http, account);
      await request(t.http)
        .post('/api/identity/confirm-sign-up')
        .send({ email: account.email, code: await readCode(t.dataSource, account.email) })
        .expect(200);
      await request(t.http)
        .post('/api/identity/forgot-password')
        .send({ email: account.email })
        .expect(200);
      const code = await readCode(t.dataSource, account.email);
      const { userId, hash } = await storedCode(t, account.email);
      expect(hash).toBe(codeHash(APP_SECRET, userId, 'FORGOT_PASSWORD', code));
      // A sign-up code's hash is no reset code's: the purpose is part of what is hashed.
      expect(hash).not.toBe(codeHash(APP_SECRET, userId, 'CONFIRM_SIGN_UP', code));
    });
  });

  describe('without APP_SECRET', () => {
    let dataDir: string;
    let first: TestApp;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'trialflow-secret-'));
      first = await createTestApp({ ...FAST_CAPTCHA_ENV, DATA_DIR: dataDir });
    });

    afterAll(async () => {
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('should generate DATA_DIR/secret (mode 0600) on the first start and hash codes with it', async () => {
      const file = join(dataDir, 'secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(43);

      const account = newAccount();
      await signUpIdentity(first.http, account);
      const code = await readCode(first.dataSource, account.email);
      const { userId, hash } = await storedCode(first, account.email);
      expect(hash).toBe(codeHash(secret, userId, 'CONFIRM_SIGN_UP', code));
    });

    it('should reuse the file on the next start', async () => {
      const file = join(dataDir, 'secret');
      const before = readFileSync(file, 'utf8');
      const second = await createTestApp({ DATA_DIR: dataDir });
      try {
        expect(readFileSync(file, 'utf8')).toBe(before);
      } finally {
        await second.close();
      }
    });
  });

  describe('in production', () => {
    let sink: SmtpSink;
    let delivering: TestApp;
    let failing: TestApp;
    const logs = [capturingLogger(), capturingLogger()];

    const production = (smtpUrl: string): Record<string, string> => ({
      ...FAST_CAPTCHA_ENV,
      NODE_ENV: 'production',
      // Validation asks for it; the test app connects to its own database regardless.
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      SMTP_URL: smtpUrl,
      APP_SECRET,
    });

    beforeAll(async () => {
      sink = await startSmtpSink();
      const port = await closedPort();
      delivering = await createTestApp(production(sink.url), { logger: logs[0].logger });
      failing = await createTestApp(production(`smtp://127.0.0.1:${port}`), {
        logger: logs[1].logger,
      });
    });

    afterAll(async () => {
      await delivering?.close();
      await failing?.close();
      await sink?.close();
    });

    it('should mail the code and keep it out of the log and the outbox', async () => {
      const account = newAccount();
      expect((await signUpIdentity(delivering.http, account)).res.status).toBe(200);
      const match = /\r\n(\d{6})\r\n/.exec(decodeQuotedPrintable(sink.mails.at(-1)?.data ?? ''));
      const code = match?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);

      const row = await latestMail(delivering.dataSource, account.email);
      expect(row.delivery).toBe('sent');
      expect(row.body_text).not.toContain(code);
      expect(row.body_html).not.toContain(code);
      expect(logs[0].text()).not.toContain(code);
      // The log did record the sign-up (so its silence on the code means something).
      expect(logs[0].text()).toContain('/api/identity/sign-up');
    });

    it('should keep the code masked in the outbox and out of the log when sending fails', async () => {
      const account = newAccount();
      expect((await signUpIdentity(failing.http, account)).res.status).toBe(200);
      const row = await latestMail(failing.dataSource, account.email);
      expect(row.delivery).toBe('failed');
      expect(row.body_text).toContain('••••••');

      // The operator holding APP_SECRET can find the code behind the hash; it is nowhere else.
      const { userId, hash } = await storedCode(failing, account.email);
      const code = recoverCode(APP_SECRET, userId, 'CONFIRM_SIGN_UP', hash);
      expect(code).toMatch(/^\d{6}$/);
      expect(row.body_text).not.toContain(code);
      expect(row.body_html).not.toContain(code);
      expect(logs[1].text()).toContain('Sending a mail failed');
      expect(logs[1].text()).not.toContain(code);
      await request(failing.http)
        .post('/api/identity/confirm-sign-up')
        .send({ email: account.email, code })
        .expect(200);
    });
  });
});
