import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { App } from 'supertest/types';
import type { DataSource } from 'typeorm';
import { solveCaptcha } from './captcha';
import { rememberPersonalData } from './personal-data';

export type Language = 'en' | 'es' | 'de';

export interface NewAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  language?: Language;
}

export interface IdentityTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  expiresIn: number;
  tokenType: 'Bearer';
}

export interface OutboxRow {
  recipient: string;
  template: string;
  language: string;
  subject: string;
  body_text: string;
  body_html: string;
  delivery: 'logged' | 'sent' | 'failed';
}

export interface ProductUser {
  _id: string;
  type: 'hcp' | 'clinops';
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  country: string;
  institution: string;
  userSource: string;
  language: string;
  subscribe: boolean;
  clinopsuser: boolean;
  facilityIds: number[];
  registerType: string;
  createdAt: string;
}

export const PASSWORD = 'correct-horse-9';

/** A fresh address per call, so tests sharing one database never meet. */
export function uniqueEmail(prefix = 'dr'): string {
  const email = `${prefix}.${randomUUID().slice(0, 8)}@hospital.example`;
  rememberPersonalData('email', email);
  return email;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const account = {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Meyer',
    ...overrides,
  };
  rememberPersonalData('email', account.email);
  rememberPersonalData('name', account.firstName, account.lastName);
  rememberPersonalData('password', account.password);
  return account;
}

/**
 * POST /api/identity/sign-up with a freshly solved captcha (unless one is given); answers the
 * response and the captcha, which the product signup may present again for the same address.
 */
export async function signUpIdentity(
  http: App,
  account: NewAccount,
  captcha?: string,
): Promise<{ res: request.Response; captcha: string }> {
  const solved = captcha ?? (await solveCaptcha(http));
  const res = await request(http)
    .post('/api/identity/sign-up')
    .send({ ...account, captcha: solved });
  return { res, captcha: solved };
}

/** The newest mail sent to an address, from the outbox table. */
export async function latestMail(dataSource: DataSource, email: string): Promise<OutboxRow> {
  const rows: OutboxRow[] = await dataSource.query(
    `SELECT recipient, template, language, subject, body_text, body_html, delivery
       FROM outbox_mail WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`,
    [email.toLowerCase()],
  );
  if (rows.length === 0) {
    throw new Error(`No mail was sent to ${email}`);
  }
  return rows[0];
}

export async function countMails(dataSource: DataSource, email: string): Promise<number> {
  const rows: { n: number }[] = await dataSource.query(
    'SELECT count(*)::int AS n FROM outbox_mail WHERE recipient = $1',
    [email.toLowerCase()],
  );
  return rows[0].n;
}

/** The 6-digit code of the newest mail to an address (it stands on a line of its own). */
export async function readCode(dataSource: DataSource, email: string): Promise<string> {
  const mail = await latestMail(dataSource, email);
  const match = /^(\d{6})$/m.exec(mail.body_text);
  if (!match) {
    throw new Error(`The latest mail to ${email} has no code:\n${mail.body_text}`);
  }
  return match[1];
}

/** A 6-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Signs up an identity, confirms it with the mailed code; answers the captcha used. */
export async function registerAndConfirm(
  http: App,
  dataSource: DataSource,
  account: NewAccount,
): Promise<{ captcha: string; userSub: string }> {
  const { res, captcha } = await signUpIdentity(http, account);
  if (res.status !== 200) {
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const code = await readCode(dataSource, account.email);
  await request(http)
    .post('/api/identity/confirm-sign-up')
    .send({ email: account.email, code })
    .expect(200);
  return { captcha, userSub: (res.body as { userSub: string }).userSub };
}

/** POST /api/identity/sign-in; fails unless tokens come back. */
export async function signIn(http: App, email: string, password: string): Promise<IdentityTokens> {
  const res = await request(http).post('/api/identity/sign-in').send({ email, password });
  const tokens = (res.body as { tokens?: IdentityTokens }).tokens;
  if (res.status !== 200 || !tokens) {
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return tokens;
}

/** POST /api/hcp/signup: the product registration that follows the identity sign-up. */
export function productSignup(
  http: App,
  account: NewAccount,
  captcha: string,
  extra: Record<string, unknown> = {},
): request.Test {
  return request(http)
    .post('/api/hcp/signup')
    .send({
      registerType: 'email',
      firstName: account.firstName ?? 'Ada',
      lastName: account.lastName ?? 'Meyer',
      email: account.email,
      recaptcha: captcha,
      consent: true,
      ...extra,
    });
}

/** POST /api/hcp/login_email with an identity ID token; answers the product token and user. */
export async function loginProduct(
  http: App,
  idToken: string,
  email: string,
): Promise<{ token: string; user: ProductUser }> {
  const res = await request(http)
    .post('/api/hcp/login_email')
    .send({ registerType: 'email', username: email.toLowerCase(), accessToken: idToken });
  if (res.status !== 200) {
    throw new Error(`login_email failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const body = res.body as { data: { accessToken: string; user: ProductUser } };
  return { token: body.data.accessToken, user: body.data.user };
}

/** The whole registration of spec 01: identity sign-up, product signup, confirm, login. */
export async function registerUser(
  http: App,
  dataSource: DataSource,
  account: NewAccount = newAccount(),
): Promise<{ account: NewAccount; tokens: IdentityTokens; token: string; user: ProductUser }> {
  const { res, captcha } = await signUpIdentity(http, account);
  if (res.status !== 200) {
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  await productSignup(http, account, captcha).expect(200);
  const code = await readCode(dataSource, account.email);
  await request(http)
    .post('/api/identity/confirm-sign-up')
    .send({ email: account.email, code })
    .expect(200);
  const tokens = await signIn(http, account.email, account.password);
  const { token, user } = await loginProduct(http, tokens.idToken, account.email);
  return { account, tokens, token, user };
}
