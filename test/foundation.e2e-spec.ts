import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { CONDITION_KEYS } from '@trialflow/contract';
import { createTestApp, TestApp } from './utils/test-app';

describe('Foundation API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@hospital.example' });
  });

  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/health', () => {
    it('should report the database as up', async () => {
      // The ping has a 3 s limit; on a loaded CI machine (other test files loading the places
      // into their databases) a first ping can miss it. Up means: 200 within a few tries.
      let res = await request(t.http).get('/api/health');
      for (let tries = 1; res.status !== 200 && tries < 5; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        res = await request(t.http).get('/api/health');
      }
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ok');
      expect(res.body.info.database.status).toBe('up');
    });

    it('should echo a request id header, reusing a sane incoming one', async () => {
      const fresh = await request(t.http).get('/api/health');
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const reused = await request(t.http)
        .get('/api/health')
        .set('X-Request-Id', 'nginx-abc-12345');
      expect(reused.headers['x-request-id']).toBe('nginx-abc-12345');
      const rejected = await request(t.http)
        .get('/api/health')
        .set('X-Request-Id', 'bad id <script>');
      expect(rejected.headers['x-request-id']).not.toBe('bad id <script>');
    });

    it('should set security headers (helmet)', async () => {
      const res = await request(t.http).get('/api/health');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('GET /api/config', () => {
    it('should give the runtime configuration with the seeded partners', async () => {
      const res = await request(t.http).get('/api/config').expect(200);
      expect(res.body.identityProvider).toEqual({ kind: 'local' });
      expect(res.body.captcha).toEqual({ kind: 'altcha' });
      expect(res.body.features).toEqual({ fileUpload: true });
      expect(res.body.languages).toEqual(['en', 'es', 'de']);
      expect(res.body.defaultLanguage).toBe('en');
      expect(res.body.supportEmail).toBe('help@hospital.example');
      expect(res.body.conditions).toHaveLength(17);
      expect(res.body.defaultUserSource).toBe('ancora_hcp');
      const sources = res.body.partners.map((p: { userSource: string }) => p.userSource);
      expect(sources).toEqual(['ancora_hcp', 'breast_cancer_partner']);
    });

    it('should reflect Cognito, reCAPTCHA and feature settings without leaking secrets', async () => {
      const other = await createTestApp({
        IDENTITY_PROVIDER: 'cognito',
        COGNITO_USER_POOL_ID: 'eu-central-1_AbC123',
        COGNITO_CLIENT_ID: 'client-123',
        RECAPTCHA_SITE_KEY: 'site-key',
        RECAPTCHA_SECRET_KEY: 'very-secret',
        FEATURE_FILE_UPLOAD: 'false',
      });
      try {
        const res = await request(other.http).get('/api/config').expect(200);
        expect(res.body.identityProvider).toEqual({
          kind: 'cognito',
          cognito: {
            region: 'eu-central-1',
            userPoolId: 'eu-central-1_AbC123',
            clientId: 'client-123',
          },
        });
        expect(res.body.captcha).toEqual({ kind: 'recaptcha', siteKey: 'site-key' });
        expect(res.body.features.fileUpload).toBe(false);
        expect(JSON.stringify(res.body)).not.toContain('very-secret');
      } finally {
        await other.close();
      }
    });
  });

  describe('GET /api/partners/:userSource', () => {
    it('should give the default partner with all 17 conditions', async () => {
      const res = await request(t.http).get('/api/partners/ancora_hcp').expect(200);
      expect(res.body).toMatchObject({
        userSource: 'ancora_hcp',
        urlParam: 'hcp',
        cssClassOverride: 'theme-ancora-hcp',
        facilityGrouping: '',
        diseases_dropdown: 'all',
        set_type_of_disease: null,
        isDefault: true,
      });
    });

    it('should give the breast-cancer partner limited to breast cancer', async () => {
      const res = await request(t.http).get('/api/partners/breast_cancer_partner').expect(200);
      expect(res.body.diseases_dropdown).toEqual(['breast_cancer']);
      expect(res.body.set_type_of_disease).toBe('breast_cancer');
      expect(res.body.isDefault).toBe(false);
      expect(CONDITION_KEYS).toContain(res.body.set_type_of_disease);
    });

    it('should fall back to the default partner for an unknown source', async () => {
      const res = await request(t.http).get('/api/partners/no_such_partner').expect(200);
      expect(res.body.userSource).toBe('ancora_hcp');
    });

    it('should answer 400 naming the field for a malformed source', async () => {
      const res = await request(t.http).get('/api/partners/Bad%20Source!').expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, errors: { userSource: 'matches' } });
      expect(res.body.message).toContain('userSource');
      expect(typeof res.body.requestId).toBe('string');
    });
  });

  describe('GET /api/gettranslations/:lang', () => {
    it.each([
      ['en', 'Contact'],
      ['es', 'Contacto'],
      ['de', 'Kontakt'],
    ])('should serve %s with its own strings', async (lang, contact) => {
      const res = await request(t.http).get(`/api/gettranslations/${lang}`).expect(200);
      expect(res.body.common.navbar.contact).toBe(contact);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['common', 'pages']));
    });

    it('should answer 404 with a clear message for an unsupported language', async () => {
      const res = await request(t.http).get('/api/gettranslations/fr').expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        message: "Language 'fr' is not supported. Supported languages: en, es, de.",
        requestId: expect.any(String),
      });
    });
  });

  describe('error bodies', () => {
    it('should answer an unknown API route with a JSON 404', async () => {
      const res = await request(t.http).get('/api/does-not-exist?x=1').expect(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).toEqual({
        statusCode: 404,
        message: 'No route for GET /api/does-not-exist',
        requestId: expect.any(String),
      });
    });

    it('should answer a malformed JSON body with 400, not 500', async () => {
      const res = await request(t.http)
        .post('/api/config')
        .set('Content-Type', 'application/json')
        .send('{"broken":')
        .expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(/);
    });

    it('should answer an unexpected failure with a bare 500 and the request id, no stack', async () => {
      const broken = await createTestApp();
      try {
        await broken.dataSource.query('DROP TABLE partner');
        const res = await request(broken.http).get('/api/config').expect(500);
        expect(res.body).toEqual({
          statusCode: 500,
          message: 'Internal server error',
          requestId: res.headers['x-request-id'],
        });
      } finally {
        await broken.close();
      }
    });

    it('should report the database as down with 503 when it is unreachable', async () => {
      const down = await createTestApp();
      try {
        await down.dataSource.destroy();
        const res = await request(down.http).get('/api/health').expect(503);
        expect(res.body.status).toBe('error');
        expect(res.body.error.database.status).toBe('down');
      } finally {
        await down.close().catch(() => undefined);
      }
    });
  });

  describe('OpenAPI', () => {
    it('should serve at /api/docs-json exactly the committed openapi.json', async () => {
      const res = await request(t.http).get('/api/docs-json').expect(200);
      const committed = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8'));
      expect(res.body).toEqual(committed);
    });

    it('should name operations after the controller methods', async () => {
      const res = await request(t.http).get('/api/docs-json').expect(200);
      expect(res.body.paths['/api/config'].get.operationId).toBe('getConfig');
      expect(res.body.paths['/api/gettranslations/{lang}'].get.operationId).toBe('getTranslations');
      expect(res.body.paths['/api/partners/{userSource}'].get.operationId).toBe('getPartner');
    });

    it('should serve Swagger UI at /api/docs', async () => {
      const res = await request(t.http).get('/api/docs/').expect(200);
      expect(res.text).toContain('swagger-ui');
    });
  });
});
