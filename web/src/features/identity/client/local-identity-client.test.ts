import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  identityChangePassword,
  identityGlobalSignOut,
  identityRefresh,
  identityRevokeToken,
  identitySignIn,
  identitySignUp,
} from '@/api/sdk.gen';
import { fakeJwt } from '../testing/mock-identity-client';
import { IdentityError } from './identity-client';
import {
  createLocalIdentityClient,
  IDENTITY_STORAGE_KEYS,
  isSessionValid,
} from './local-identity-client';

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  identitySignIn: vi.fn(),
  identitySignUp: vi.fn(),
  identityRefresh: vi.fn(),
  identityChangePassword: vi.fn(),
  identityGlobalSignOut: vi.fn(),
  identityRevokeToken: vi.fn(),
}));

const ok = (data: unknown) =>
  Promise.resolve({ data, request: new Request('http://x'), response: new Response() }) as never;

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

function tokens(issuedAt: number, lifetimeSeconds = 3600, refreshToken?: string) {
  const claims = { sub: 'sub-1', email: 'a@clinic.example', iat: seconds(issuedAt) };
  return {
    idToken: fakeJwt({ ...claims, exp: seconds(issuedAt) + lifetimeSeconds }),
    accessToken: fakeJwt({ ...claims, exp: seconds(issuedAt) + lifetimeSeconds }),
    expiresIn: lifetimeSeconds,
    tokenType: 'Bearer',
    ...(refreshToken ? { refreshToken } : {}),
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe(createLocalIdentityClient.name, () => {
  it('should keep the tokens of a sign-in and read the session from them', async () => {
    vi.mocked(identitySignIn).mockImplementation(() => ok({ tokens: tokens(NOW, 3600, 'r-1') }));
    const client = createLocalIdentityClient();

    const result = await client.signIn('a@clinic.example', 'secret-password');

    expect(result.kind).toBe('signedIn');
    expect(result.kind === 'signedIn' && result.session).toMatchObject({
      sub: 'sub-1',
      email: 'a@clinic.example',
    });
    expect(localStorage.getItem(IDENTITY_STORAGE_KEYS.refreshToken)).toBe('r-1');
    expect(localStorage.getItem(IDENTITY_STORAGE_KEYS.clockDrift)).toBe('0');
    expect((await client.currentSession())?.sub).toBe('sub-1');
    expect(identityRefresh).not.toHaveBeenCalled();
  });

  it('should report the new-password challenge with its session', async () => {
    vi.mocked(identitySignIn).mockImplementation(() =>
      ok({ challengeName: 'NEW_PASSWORD_REQUIRED', session: 'chal' }),
    );
    const result = await createLocalIdentityClient().signIn('a@clinic.example', 'temp-password');
    expect(result).toEqual({ kind: 'newPasswordRequired', challengeSession: 'chal' });
  });

  it("should reject with the provider's message, name and status", async () => {
    vi.mocked(identitySignUp).mockRejectedValue({
      statusCode: 409,
      code: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
    const error = await createLocalIdentityClient()
      .signUp({ email: 'a@clinic.example', password: 'long-password', captcha: 'c' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({
      message: 'An account with the given email already exists.',
      code: 'UsernameExistsException',
      status: 409,
    });
  });

  it('should turn a failed fetch into Network Error', async () => {
    vi.mocked(identitySignIn).mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(createLocalIdentityClient().signIn('a@b.co', 'x')).rejects.toMatchObject({
      message: 'Network Error',
    });
  });

  it('should refresh an expired session with the refresh token, once for concurrent callers', async () => {
    vi.mocked(identitySignIn).mockImplementation(() =>
      ok({ tokens: tokens(NOW, 3600, 'refresh-1') }),
    );
    vi.mocked(identityRefresh).mockImplementation(() =>
      ok(tokens(NOW + 2 * 3600_000, 3600, 'refresh-2')),
    );
    const client = createLocalIdentityClient();
    await client.signIn('a@clinic.example', 'secret-password');
    const before = localStorage.getItem(IDENTITY_STORAGE_KEYS.idToken);

    vi.setSystemTime(NOW + 2 * 3600_000);
    const [a, b] = await Promise.all([client.currentSession(), client.currentSession()]);

    expect(identityRefresh).toHaveBeenCalledTimes(1);
    expect(identityRefresh).toHaveBeenCalledWith(
      expect.objectContaining({ body: { refreshToken: 'refresh-1' } }),
    );
    expect(a?.idToken).toBe(b?.idToken);
    expect(a?.idToken).not.toBe(before);
    // The provider rotates it: the next refresh sends the new one.
    expect(localStorage.getItem(IDENTITY_STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('should refresh once for two tabs, the second using the tokens the first stored', async () => {
    // Web Locks as the browser grants them: one holder at a time, in order.
    let tail: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    try {
      vi.mocked(identitySignIn).mockImplementation(() =>
        ok({ tokens: tokens(NOW, 3600, 'refresh-1') }),
      );
      vi.mocked(identityRefresh).mockImplementation(() =>
        ok(tokens(NOW + 2 * 3600_000, 3600, 'refresh-2')),
      );
      const [tabA, tabB] = [createLocalIdentityClient(), createLocalIdentityClient()];
      await tabA.signIn('a@clinic.example', 'secret-password');

      vi.setSystemTime(NOW + 2 * 3600_000);
      const [a, b] = await Promise.all([tabA.currentSession(), tabB.currentSession()]);

      // A second refresh with refresh-1 would have signed the user out everywhere.
      expect(identityRefresh).toHaveBeenCalledTimes(1);
      expect(request).toHaveBeenCalledWith('trialflow:identity-refresh', expect.any(Function));
      expect(a?.idToken).toBeDefined();
      expect(b?.idToken).toBe(a?.idToken);
      expect(localStorage.getItem(IDENTITY_STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('should clean up when the refresh token has been revoked', async () => {
    vi.mocked(identitySignIn).mockImplementation(() => ok({ tokens: tokens(NOW, 60, 'r') }));
    vi.mocked(identityRefresh).mockRejectedValue({
      statusCode: 401,
      code: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    const client = createLocalIdentityClient();
    await client.signIn('a@clinic.example', 'secret-password');
    vi.setSystemTime(NOW + 120_000);

    expect(await client.currentSession()).toBeNull();
    for (const key of Object.values(IDENTITY_STORAGE_KEYS)) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('should keep the tokens when the refresh fails for another reason', async () => {
    vi.mocked(identitySignIn).mockImplementation(() => ok({ tokens: tokens(NOW, 60, 'r') }));
    vi.mocked(identityRefresh).mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createLocalIdentityClient();
    await client.signIn('a@clinic.example', 'secret-password');
    vi.setSystemTime(NOW + 120_000);

    await expect(client.currentSession()).rejects.toMatchObject({ message: 'Network Error' });
    expect(localStorage.getItem(IDENTITY_STORAGE_KEYS.refreshToken)).toBe('r');
  });

  it('should change the password with the identity access token as bearer', async () => {
    vi.mocked(identitySignIn).mockImplementation(() => ok({ tokens: tokens(NOW, 3600, 'r') }));
    vi.mocked(identityChangePassword).mockImplementation(() => ok({ ok: true }));
    const client = createLocalIdentityClient();
    await client.signIn('a@clinic.example', 'secret-password');

    await client.changePassword('secret-password', 'new-secret-password');

    expect(identityChangePassword).toHaveBeenCalledWith(
      expect.objectContaining({
        auth: localStorage.getItem(IDENTITY_STORAGE_KEYS.accessToken),
        body: { previousPassword: 'secret-password', proposedPassword: 'new-secret-password' },
      }),
    );
  });

  it('should sign out everywhere with a refreshed token, revoke this device and forget it', async () => {
    vi.mocked(identitySignIn).mockImplementation(() => ok({ tokens: tokens(NOW, 60, 'r-9') }));
    vi.mocked(identityRefresh).mockImplementation(() => ok(tokens(NOW + 120_000)));
    vi.mocked(identityGlobalSignOut).mockImplementation(() => ok({ ok: true }));
    vi.mocked(identityRevokeToken).mockImplementation(() => ok({ ok: true }));
    const client = createLocalIdentityClient();
    await client.signIn('a@clinic.example', 'secret-password');
    vi.setSystemTime(NOW + 120_000);
    const refreshedAccess = tokens(NOW + 120_000).accessToken;

    await client.signOut();

    expect(identityGlobalSignOut).toHaveBeenCalledWith(
      expect.objectContaining({ auth: refreshedAccess }),
    );
    expect(identityRevokeToken).toHaveBeenCalledWith(
      expect.objectContaining({ body: { refreshToken: 'r-9' } }),
    );
    for (const key of Object.values(IDENTITY_STORAGE_KEYS)) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(await client.currentSession()).toBeNull();
  });

  it('should refuse to change the password without a session', async () => {
    await expect(createLocalIdentityClient().changePassword('a', 'b')).rejects.toMatchObject({
      message: 'User is not authenticated',
    });
    expect(identityChangePassword).not.toHaveBeenCalled();
  });
});

describe(isSessionValid.name, () => {
  const session = (exp: number) => ({
    idToken: fakeJwt({ exp }),
    accessToken: fakeJwt({ exp }),
    sub: 's',
    email: 'e',
  });

  it('should be valid while now minus the clock drift is before both expiries', () => {
    const exp = seconds(NOW) + 60;
    expect(isSessionValid(session(exp), NOW)).toBe(true);
    expect(isSessionValid(session(exp), NOW + 60_000)).toBe(false);
  });

  it('should allow for a device clock that runs ahead of the provider', () => {
    const exp = seconds(NOW) + 60;
    // This device is 10 minutes ahead: its "now + 5 min" is the provider's "now - 5 min".
    localStorage.setItem(IDENTITY_STORAGE_KEYS.clockDrift, String(10 * 60_000));
    expect(isSessionValid(session(exp), NOW + 5 * 60_000)).toBe(true);
  });

  it('should need both tokens to be unexpired', () => {
    const valid = session(seconds(NOW) + 60);
    expect(isSessionValid({ ...valid, accessToken: fakeJwt({ exp: seconds(NOW) - 1 }) }, NOW)).toBe(
      false,
    );
  });
});
