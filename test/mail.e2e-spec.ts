import request from 'supertest';
import { MailService } from '../api/src/mail/mail.service';
import { latestMail, newAccount, readCode, signUpIdentity } from './utils/accounts';
import { FAST_CAPTCHA_ENV } from './utils/captcha';
import { closedPort, decodeQuotedPrintable, startSmtpSink, type SmtpSink } from './utils/smtp-sink';
import { createTestApp, TestApp } from './utils/test-app';

const MAIL_FROM = 'Trialflow <no-reply@trials.hospital.example>';

/** The 6-digit code on a line of its own in the delivered (quoted-printable) text part. */
function codeInSmtpMail(data: string): string {
  const match = /\r\n(\d{6})\r\n/.exec(decodeQuotedPrintable(data));
  if (!match) {
    throw new Error(`No code in the delivered mail:\n${data}`);
  }
  return match[1];
}

describe(MailService.name, () => {
  let sink: SmtpSink;
  let withSmtp: TestApp;
  let withoutSmtp: TestApp;
  let unreachable: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    [withSmtp, withoutSmtp, unreachable] = await Promise.all([
      createTestApp({ ...FAST_CAPTCHA_ENV, SMTP_URL: sink.url, MAIL_FROM }),
      createTestApp(FAST_CAPTCHA_ENV),
      closedPort().then((port) =>
        createTestApp({ ...FAST_CAPTCHA_ENV, SMTP_URL: `smtp://127.0.0.1:${port}` }),
      ),
    ]);
  });

  afterAll(async () => {
    await Promise.all([withSmtp?.close(), withoutSmtp?.close(), unreachable?.close()]);
    await sink?.close();
  });

  it('should deliver the sign-up code over SMTP and record it as sent', async () => {
    const account = newAccount();
    const { res } = await signUpIdentity(withSmtp.http, account);
    expect(res.status).toBe(200);

    expect(sink.mails).toHaveLength(1);
    const [mail] = sink.mails;
    expect(mail.from).toBe('no-reply@trials.hospital.example');
    expect(mail.to).toEqual([account.email]);
    expect(mail.data).toMatch(/^Subject: Your Trialflow verification code\r$/m);
    expect(mail.data).toMatch(new RegExp(`^To: ${account.email.replace(/\./g, '\\.')}\\r$`, 'm'));
    expect(mail.data).toContain('multipart/alternative');

    const code = codeInSmtpMail(mail.data);
    const row = await latestMail(withSmtp.dataSource, account.email);
    expect(row).toMatchObject({ delivery: 'sent', subject: 'Your Trialflow verification code' });
    // Once delivered, the outbox keeps a record without the one-time code.
    expect(row.body_text).not.toContain(code);
    expect(row.body_text).toContain('••••••');
    // The delivered code is the real one.
    await request(withSmtp.http)
      .post('/api/identity/confirm-sign-up')
      .send({ email: account.email, code })
      .expect(200);
  });

  it('should deliver the password reset code over SMTP too', async () => {
    const account = newAccount();
    await signUpIdentity(withSmtp.http, account);
    const before = sink.mails.length;
    await request(withSmtp.http)
      .post('/api/identity/forgot-password')
      .send({ email: account.email })
      .expect(200);
    expect(sink.mails).toHaveLength(before + 1);
    const mail = sink.mails[before];
    expect(mail.to).toEqual([account.email]);
    expect(mail.data).toMatch(/^Subject: Reset your Trialflow password\r$/m);
    const code = codeInSmtpMail(mail.data);
    const row = await latestMail(withSmtp.dataSource, account.email);
    expect(row.delivery).toBe('sent');
    expect(row.body_text).not.toContain(code);
  });

  it('should only log and keep the mail without SMTP_URL', async () => {
    const before = sink.mails.length;
    const account = newAccount();
    const { res } = await signUpIdentity(withoutSmtp.http, account);
    expect(res.status).toBe(200);
    const row = await latestMail(withoutSmtp.dataSource, account.email);
    expect(row).toMatchObject({ delivery: 'logged', template: 'confirm-sign-up' });
    expect(await readCode(withoutSmtp.dataSource, account.email)).toMatch(/^\d{6}$/);
    expect(sink.mails).toHaveLength(before);
  });

  it('should still sign up when the mail server cannot be reached, and record the failure', async () => {
    const account = newAccount();
    const { res } = await signUpIdentity(unreachable.http, account);
    expect(res.status).toBe(200);
    expect(res.body.userConfirmed).toBe(false);
    const row = await latestMail(unreachable.dataSource, account.email);
    expect(row).toMatchObject({ delivery: 'failed', recipient: account.email });
    // The code can be sent again once the server is back.
    await request(unreachable.http)
      .post('/api/identity/resend-confirmation-code')
      .send({ email: account.email })
      .expect(200);
  });
});
