import request from 'supertest';
import { TranslationsController } from '../api/src/translations/translations.controller';
import { createTestApp, TestApp } from './utils/test-app';

describe(TranslationsController.name, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('should leave out the excluded namespaces (the first screen does without the static pages)', async () => {
    const all = await request(t.http).get('/api/gettranslations/de').expect(200);
    const res = await request(t.http).get('/api/gettranslations/de?exclude=pages').expect(200);
    expect(res.body.pages).toBeUndefined();
    expect(res.body.common.navbar.contact).toBe('Kontakt');
    expect(Object.keys(res.body).sort()).toEqual(
      Object.keys(all.body)
        .filter((ns) => ns !== 'pages')
        .sort(),
    );
    expect(JSON.stringify(res.body).length).toBeLessThan(JSON.stringify(all.body).length * 0.6);
  });

  it('should answer only the asked namespaces, in the asked language', async () => {
    const res = await request(t.http).get('/api/gettranslations/es?only=pages').expect(200);
    expect(Object.keys(res.body)).toEqual(['pages']);
    const all = await request(t.http).get('/api/gettranslations/es').expect(200);
    expect(res.body.pages).toEqual(all.body.pages);
  });

  it('should refuse an unknown or malformed namespace list with 400 naming the field', async () => {
    const unknown = await request(t.http)
      .get('/api/gettranslations/en?exclude=pages,nope')
      .expect(400);
    expect(unknown.body.errors).toEqual({ exclude: 'isNamespace' });
    expect(unknown.body.message).toContain('nope');
    const malformed = await request(t.http)
      .get('/api/gettranslations/en?only=Pages;drop')
      .expect(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['only']);
    const twice = await request(t.http).get('/api/gettranslations/en?only=a&only=b').expect(400);
    expect(Object.keys(twice.body.errors)).toEqual(['only']);
  });
});
