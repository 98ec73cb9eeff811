import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '@/api/client.gen';
import { getMe } from '@/api/sdk.gen';
import { configureApiClient } from './api-client';
import { refreshProductSession, UNAUTHORIZED_EVENT } from './product-session';
import { STORAGE_KEYS } from './storage';
import { inSeconds, jwt } from '@/testing/jwt';

// Node's Request needs an absolute URL; the app itself calls its own origin.
const BASE = 'http://localhost';

const OLD = jwt({ sub: 'u-1', sid: 's-1', exp: inSeconds(600) });
const NEW = jwt({ sub: 'u-1', sid: 's-1', exp: inSeconds(900) });

type Answer = (request: Request) => Response;

/** Stubs fetch: the refresh call and every other call answer as told; records what was sent. */
function serve(options: { refresh: Answer; other: Answer }) {
  const sent: { path: string; authorization: string | null; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const body = request.method === 'POST' ? await request.clone().text() : undefined;
      sent.push({ path, authorization: request.headers.get('Authorization'), body });
      return path === '/api/hcp/refresh_token' ? options.refresh(request) : options.other(request);
    }),
  );
  return sent;
}

const refreshed = (): Response =>
  Response.json({
    status: 200,
    data: { accessToken: NEW, refreshToken: 'refresh-2', expiresIn: 900 },
  });
const unauthorized = (): Response =>
  Response.json({ statusCode: 401, message: 'Your session has ended.' }, { status: 401 });
const me = (): Response => Response.json({ user: { _id: 'u-1' } });

describe(refreshProductSession.name, () => {
  beforeEach(() => {
    configureApiClient();
    client.setConfig({ baseUrl: BASE });
    localStorage.setItem(STORAGE_KEYS.login, 'true');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    client.setConfig({ baseUrl: '' });
  });

  it('should refresh silently before a call when the product token is about to expire', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, jwt({ sub: 'u-1', exp: inSeconds(30) }));
    const sent = serve({ refresh: refreshed, other: me });

    const { response } = await getMe();

    expect(response.status).toBe(200);
    expect(sent.map((s) => s.path)).toEqual(['/api/hcp/refresh_token', '/api/hcp/user/me']);
    expect(JSON.parse(sent[0].body ?? '{}')).toEqual({ refreshToken: 'refresh-1' });
    expect(sent[1].authorization).toBe(`Bearer ${NEW}`);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(NEW);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('should not refresh while the product token has time left', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, OLD);
    const sent = serve({ refresh: refreshed, other: me });

    await getMe();

    expect(sent.map((s) => s.path)).toEqual(['/api/hcp/user/me']);
    expect(sent[0].authorization).toBe(`Bearer ${OLD}`);
  });

  it('should refresh and send again, once, a call refused with 401', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, OLD);
    let calls = 0;
    const sent = serve({
      refresh: refreshed,
      other: () => (++calls === 1 ? unauthorized() : me()),
    });

    const { response, data } = await getMe();

    expect(response.status).toBe(200);
    expect(data).toEqual({ user: { _id: 'u-1' } });
    expect(sent.map((s) => [s.path, s.authorization])).toEqual([
      ['/api/hcp/user/me', `Bearer ${OLD}`],
      ['/api/hcp/refresh_token', 'Bearer'],
      ['/api/hcp/user/me', `Bearer ${NEW}`],
    ]);
  });

  it('should let a second 401 through instead of refreshing again', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, OLD);
    const sent = serve({ refresh: refreshed, other: unauthorized });

    const { response } = await getMe();

    expect(response.status).toBe(401);
    expect(sent.map((s) => s.path)).toEqual([
      '/api/hcp/user/me',
      '/api/hcp/refresh_token',
      '/api/hcp/user/me',
    ]);
  });

  it('should end the session when the refresh is refused', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, OLD);
    const sent = serve({ refresh: unauthorized, other: unauthorized });
    const ended = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, ended);

    const { response } = await getMe();

    window.removeEventListener(UNAUTHORIZED_EVENT, ended);
    expect(response.status).toBe(401);
    expect(sent.map((s) => s.path)).toEqual(['/api/hcp/user/me', '/api/hcp/refresh_token']);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('should make one refresh call for simultaneous callers', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, OLD);
    const sent = serve({ refresh: refreshed, other: me });

    const tokens = await Promise.all([refreshProductSession(), refreshProductSession()]);

    expect(tokens).toEqual([NEW, NEW]);
    expect(sent.filter((s) => s.path === '/api/hcp/refresh_token')).toHaveLength(1);
  });

  it('should keep the session when the refresh fails for another reason (offline)', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, OLD);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    expect(await refreshProductSession()).toBe(OLD);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
  });
});
