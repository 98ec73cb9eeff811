import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { CaptchaService } from '../api/src/captcha/captcha.service';
import { newAccount, productSignup, signUpIdentity } from './utils/accounts';
import { createTestApp, TestApp } from './utils/test-app';

/** Google's siteverify, played locally: 'good-*' tokens pass once, anything else fails. */
interface SiteVerify {
  url: string;
  calls: { secret: string; response: string }[];
  close(): Promise<void>;
}

async function startSiteVerify(): Promise<SiteVerify> {
  const calls: SiteVerify['calls'] = [];
  const used = new Set<string>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const call = { secret: form.get('secret') ?? '', response: form.get('response') ?? '' };
      calls.push(call);
      // Like Google: a token is good once ('timeout-or-duplicate' afterwards).
      const success = call.response.startsWith('good-') && !used.has(call.response);
      used.add(call.response);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe(CaptchaService.name, () => {
  describe('with reCAPTCHA keys', () => {
    let t: TestApp;
    let google: SiteVerify;

    beforeAll(async () => {
      google = await startSiteVerify();
      t = await createTestApp({
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_SECRET_KEY: 'the-secret',
        RECAPTCHA_VERIFY_URL: google.url,
      });
    });

    afterAll(async () => {
      await t.close();
      await google.close();
    });

    it('should verify the token with the secret and let both registration calls use it', async () => {
      const account = newAccount();
      const { res } = await signUpIdentity(t.http, account, 'good-1');
      expect(res.status).toBe(200);
      expect(google.calls).toContainEqual({ secret: 'the-secret', response: 'good-1' });
      const before = google.calls.length;
      // Google accepts a token once; the product signup for the same address must not ask again.
      await productSignup(t.http, account, 'good-1').expect(200);
      expect(google.calls).toHaveLength(before);
    });

    it('should refuse a token Google rejects, naming the field', async () => {
      const { res } = await signUpIdentity(t.http, newAccount(), 'bad-token');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Captcha verification failed.',
        errors: { captcha: 'captcha' },
      });
    });

    it('should refuse a token already used for another address', async () => {
      const first = await signUpIdentity(t.http, newAccount(), 'good-2');
      expect(first.res.status).toBe(200);
      const { res } = await signUpIdentity(t.http, newAccount(), 'good-2');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Captcha verification failed.');
    });

    it('should not offer an ALTCHA challenge', async () => {
      const res = await request(t.http).get('/api/captcha/challenge').expect(404);
      expect(res.body.message).toBe('This installation uses reCAPTCHA.');
    });
  });

  it('should fail closed when reCAPTCHA cannot be reached', async () => {
    const t = await createTestApp({
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'the-secret',
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/unreachable',
    });
    try {
      const { res } = await signUpIdentity(t.http, newAccount(), 'good-3');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Captcha verification failed.');
    } finally {
      await t.close();
    }
  });
});
