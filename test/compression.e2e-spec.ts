import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { serveWebApp } from '../api/src/common/web-app';
import { insertUser, TestUser } from './factories/referrals';
import { createTestApp, TestApp } from './utils/test-app';

/** A body as the browser receives it, undecoded, with its headers. */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The first bytes of a response that never ends (the event stream), as they arrive. */
function firstBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ res: IncomingMessage; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      res.once('data', (c: Buffer) => {
        resolve({ res, text: c.toString('latin1') });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe(serveWebApp.name, () => {
  let t: TestApp;
  let web: string;
  let base: string;
  let hcp: TestUser;
  // Large and repetitive, as a real bundle: worth compressing.
  const script = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};\n`;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'trialflow-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>spa</title>');
    writeFileSync(join(web, 'assets', 'index-AbC123.js'), script);
    // What the web build writes beside each text file.
    writeFileSync(join(web, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(join(web, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
    writeFileSync(join(web, 'assets', 'logo-XyZ789.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // The prerendered /login the web build writes per language and cookie banner.
    for (const lang of ['en', 'es', 'de']) {
      for (const banner of ['', '.banner', '.banner-compact']) {
        writeFileSync(
          join(web, `login.${lang}${banner}.html`),
          `<title>login ${lang}${banner}</title>`,
        );
      }
    }
    // index.html with a signed-in first screen's code preloaded, as the web build writes it.
    for (const screen of ['home', 'questionnaire', 'search', 'details']) {
      writeFileSync(join(web, `index.${screen}.html`), `<title>spa ${screen}</title>`);
    }
    t = await createTestApp({ WEB_DIST_DIR: web });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    hcp = await insertUser(t.app, t.dataSource);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('should send the precompressed brotli file to a browser accepting br, cached for a year', async () => {
    const { res, body } = await get(`${base}/assets/index-AbC123.js`, {
      'Accept-Encoding': 'gzip, deflate, br',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('should send gzip to a browser without brotli and the plain file to one accepting neither', async () => {
    const gz = await get(`${base}/assets/index-AbC123.js`, { 'Accept-Encoding': 'gzip' });
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(gz.res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get(`${base}/assets/index-AbC123.js`, { 'Accept-Encoding': 'identity' });
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(script);
    expect(plain.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('should revalidate index.html on every visit and answer 404 for a missing asset', async () => {
    const page = await request(t.http).get('/dashboard').expect(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<title>spa</title>');
    const missing = await request(t.http).get('/assets/index-Gone99.js').expect(404);
    expect(missing.text).not.toContain('<title>spa</title>');
    const image = await request(t.http).get('/assets/logo-XyZ789.png').expect(200);
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it("should answer /login with the prerendered screen of the visitor's language and cookie banner", async () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36';
    const phone = 'Mozilla/5.0 (Linux; Android 11) Chrome/130.0.0.0 Mobile Safari/537.36';
    const title = async (headers: Record<string, string>): Promise<string> => {
      const res = await request(t.http).get('/login').set(headers).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/Cookie/);
      return /<title>(.*)<\/title>/.exec(res.text)?.[1] ?? res.text;
    };
    // No choice stored: English whatever the browser prefers (specs 01 and 02), banner until consent.
    expect(await title({ 'User-Agent': desktop })).toBe('login en.banner');
    expect(await title({ 'User-Agent': desktop, 'Accept-Language': 'de-AT, es;q=0.8' })).toBe(
      'login en.banner',
    );
    expect(await title({ 'User-Agent': phone })).toBe('login en.banner-compact');
    // The language the app stored; consent drops the banner.
    expect(
      await title({
        'User-Agent': phone,
        'Accept-Language': 'de',
        Cookie: 'other=1; trialflow_lang=es; trialflow_consent=1',
      }),
    ).toBe('login es');
    expect(await title({ 'User-Agent': desktop, Cookie: 'trialflow_lang=de' })).toBe(
      'login de.banner',
    );
    // A language the product does not speak is ignored, never used in a file name.
    expect(await title({ Cookie: 'trialflow_lang=../index' })).toBe('login en.banner');
    // Every other client route keeps index.html.
    const other = await request(t.http).get('/register').expect(200);
    expect(other.text).toContain('<title>spa</title>');
  });

  it("should answer a signed-in first screen with index.html preloading that screen's code", async () => {
    const title = async (path: string): Promise<string> => {
      const res = await request(t.http).get(path).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      return /<title>(.*)<\/title>/.exec(res.text)?.[1] ?? res.text;
    };
    expect(await title('/')).toBe('spa home');
    expect(await title('/questionnaire')).toBe('spa questionnaire');
    expect(await title('/search')).toBe('spa search');
    expect(await title('/details/NCT04613596?q=e30')).toBe('spa details');
    expect(await title('/details/clinops/NCT04613596')).toBe('spa details');
    // Any other route, and a path that only starts like one, keeps the plain index.html.
    expect(await title('/searchbycondition')).toBe('spa');
    expect(await title('/questionnaire/extra')).toBe('spa');
    expect(await title('/dashboard')).toBe('spa');
    // An API path is never a screen.
    const api = await request(t.http).get('/api/search');
    expect(api.text).not.toContain('<title>');
  });

  it('should compress JSON answers of the API by Accept-Encoding', async () => {
    const br = await get(`${base}/api/gettranslations/en`, { 'Accept-Encoding': 'br' });
    expect(br.res.statusCode).toBe(200);
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(br.res.headers.vary).toMatch(/Accept-Encoding/i);
    const texts = JSON.parse(brotliDecompressSync(br.body).toString()) as Record<string, unknown>;
    expect(Object.keys(texts).length).toBeGreaterThan(10);

    const gz = await get(`${base}/api/gettranslations/en`, { 'Accept-Encoding': 'gzip' });
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(texts);

    const plain = await get(`${base}/api/gettranslations/en`, {});
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(texts);
  });

  it('should keep the event stream uncompressed, so each frame arrives at once', async () => {
    const { res, text } = await firstBytes(`${base}/api/events`, {
      Accept: 'text/event-stream',
      'Accept-Encoding': 'gzip, br',
      Authorization: `Bearer ${hcp.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(text).toContain('retry: 3000');
  });
});
