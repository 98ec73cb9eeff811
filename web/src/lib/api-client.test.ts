import { afterEach, describe, expect, it, vi } from 'vitest';
import { getMe, identityGetUser } from '@/api/sdk.gen';
import { configureApiClient } from './api-client';
import { STORAGE_KEYS } from './storage';

// Node's Request needs an absolute URL; the app itself calls its own origin.
const BASE = 'http://localhost';

describe(configureApiClient.name, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function captureRequests() {
    const requests: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        requests.push(request);
        return Promise.resolve(Response.json({}));
      }),
    );
    return requests;
  }

  it('should send the stored product token on product calls', async () => {
    const requests = captureRequests();
    configureApiClient();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'product-token');

    await getMe({ baseUrl: BASE });

    expect(requests[0].headers.get('Authorization')).toBe('Bearer product-token');
  });

  it('should send an empty bearer when there is no token', async () => {
    const requests = captureRequests();
    configureApiClient();

    await getMe({ baseUrl: BASE });

    expect(requests[0].headers.get('Authorization')).toBe('Bearer'); // Headers trim the trailing space
  });

  it("should keep a call's own credential (the identity provider's access token)", async () => {
    const requests = captureRequests();
    configureApiClient();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'product-token');

    await identityGetUser({ baseUrl: BASE, auth: 'identity-access-token' });

    expect(requests[0].headers.get('Authorization')).toBe('Bearer identity-access-token');
  });
});
