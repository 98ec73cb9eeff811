import { takeBootRequest, withBootRequest } from './boot-requests';

describe('boot requests (public/boot.js)', () => {
  afterEach(() => {
    delete window.trialflowBoot;
  });

  it('should answer with the early response once, then leave the requests to the app', async () => {
    window.trialflowBoot = {
      config: { url: '/api/config', response: Promise.resolve({ site: 'early' }) },
    };
    const request = vi.fn(() => Promise.resolve({ site: 'own' }));

    await expect(withBootRequest('config', '/api/config', request)).resolves.toEqual({
      site: 'early',
    });
    expect(request).not.toHaveBeenCalled();
    await expect(withBootRequest('config', '/api/config', request)).resolves.toEqual({
      site: 'own',
    });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('should not use texts fetched for another language', async () => {
    window.trialflowBoot = {
      texts: { url: '/api/gettranslations/en?exclude=pages', response: Promise.resolve({}) },
    };

    expect(takeBootRequest('texts', '/api/gettranslations/de?exclude=pages')).toBeNull();
    await expect(
      withBootRequest('texts', '/api/gettranslations/de?exclude=pages', () =>
        Promise.resolve({
          lang: 'de',
        }),
      ),
    ).resolves.toEqual({ lang: 'de' });
  });

  it('should request again when the early request failed', async () => {
    const failed = Promise.reject(new Error('HTTP 503'));
    failed.catch(() => undefined);
    window.trialflowBoot = { config: { url: '/api/config', response: failed } };

    await expect(
      withBootRequest('config', '/api/config', () => Promise.resolve({ site: 'own' })),
    ).resolves.toEqual({ site: 'own' });
  });

  it('should request itself when boot.js has not run', async () => {
    await expect(
      withBootRequest('config', '/api/config', () => Promise.resolve({ site: 'own' })),
    ).resolves.toEqual({ site: 'own' });
  });
});
