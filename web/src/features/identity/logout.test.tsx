import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deleteUser,
  identityGlobalSignOut,
  identityRevokeToken,
  logoutSession,
  refreshSession,
} from '@/api/sdk.gen';
import { refreshProductSession } from '@/lib/product-session';
import { getForm, hasPatientAnswers, resetFormStoreForTests } from '@/lib/patient-form';
import { SESSION_KEYS, STORAGE_KEYS } from '@/lib/storage';
import { inSeconds, jwt } from '@/testing/jwt';
import { renderWithApp, TEST_HCP } from '@/testing/render';
import { IDENTITY_STORAGE_KEYS } from './client/local-identity-client';
import { fakeJwt } from './testing/mock-identity-client';

// The real built-in provider client, with the generated calls mocked.
vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  identityGlobalSignOut: vi.fn(),
  identityRevokeToken: vi.fn(),
  logoutSession: vi.fn(),
  refreshSession: vi.fn(),
  deleteUser: vi.fn(),
  getMe: vi.fn(() => new Promise(() => undefined)),
}));

const ok = (data: unknown) =>
  Promise.resolve({ data, request: new Request('http://x'), response: new Response() }) as never;

const inAnHour = Math.floor(Date.now() / 1000) + 3600;
const ID_TOKEN = fakeJwt({
  sub: 'sub-1',
  email: TEST_HCP.email,
  exp: inAnHour,
  iat: inAnHour - 3600,
});
const ACCESS_TOKEN = fakeJwt({ sub: 'sub-1', exp: inAnHour, iat: inAnHour - 3600 });

const identityTokens = {
  [IDENTITY_STORAGE_KEYS.idToken]: ID_TOKEN,
  [IDENTITY_STORAGE_KEYS.accessToken]: ACCESS_TOKEN,
  [IDENTITY_STORAGE_KEYS.refreshToken]: 'refresh-1',
  [IDENTITY_STORAGE_KEYS.clockDrift]: '0',
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(identityGlobalSignOut).mockImplementation(() => ok({ ok: true }));
  vi.mocked(identityRevokeToken).mockImplementation(() => ok({ ok: true }));
  vi.mocked(logoutSession).mockImplementation(() => ok(undefined));
});

async function logout(user: ReturnType<typeof renderWithApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await user.click(within(nav).getByRole('button', { name: 'Lucía' }));
  await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
}

describe('logout (spec 01 §4 Logout)', () => {
  it('should sign out globally, revoke the refresh token and clear every session key', async () => {
    const { user, router } = renderWithApp(null, {
      route: '/dashboard',
      user: TEST_HCP,
      storage: {
        ...identityTokens,
        [STORAGE_KEYS.accessToken]: 'product-token',
        [STORAGE_KEYS.refreshToken]: 'product-refresh-1',
        [STORAGE_KEYS.sessionId]: 'old-session',
        [STORAGE_KEYS.userData]: '{"type_of_disease":"melanoma"}',
        [STORAGE_KEYS.page]: '3',
        [STORAGE_KEYS.lang]: 'en',
      },
    });

    await logout(user);

    expect(await screen.findByRole('dialog', { name: 'You have been logged out' })).toBeVisible();
    expect(identityGlobalSignOut).toHaveBeenCalledWith(
      expect.objectContaining({ auth: ACCESS_TOKEN }),
    );
    expect(identityRevokeToken).toHaveBeenCalledWith(
      expect.objectContaining({ body: { refreshToken: 'refresh-1' } }),
    );
    // The product's sessions end on every device too, with the product token as credential.
    expect(logoutSession).toHaveBeenCalledWith(
      expect.objectContaining({ auth: 'product-token', body: { everywhere: true } }),
    );
    for (const key of SESSION_KEYS.filter((k) => k !== STORAGE_KEYS.sessionId)) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    for (const key of Object.values(IDENTITY_STORAGE_KEYS)) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    const sessionId = localStorage.getItem(STORAGE_KEYS.sessionId);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionId).not.toBe('old-session');
    // The device's language choice is not part of the session.
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('en');
    await waitFor(() => expect(router?.state.location.pathname).toBe('/login'));
  });

  it('should leave nothing of the patient in the browser (issue 13 finding 9)', async () => {
    resetFormStoreForTests();
    const { user, queryClient } = renderWithApp(null, {
      route: '/dashboard',
      user: TEST_HCP,
      storage: {
        ...identityTokens,
        'trialflow.form': JSON.stringify({
          type_of_disease: 'lung_cancer',
          egfr: 'yes',
          age: '61',
          other_disease: 'Hashimoto',
        }),
        'trialflow.search': JSON.stringify({ filters: { trial_phase: ['Phase 2'] } }),
      },
    });
    // What the screens of the last patient left in memory: the form, a search's results, a save.
    expect(getForm().egfr).toBe('yes');
    sessionStorage.setItem('trialflow.scroll', '{"egfr":"yes"}');
    queryClient.setQueryData([{ _id: 'summarizeTrials', body: { answers: { egfr: 'yes' } } }], {
      trials: [],
    });
    const save = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.resolve(),
    });
    void save.execute({ other_disease: 'Hashimoto' });

    await logout(user);

    expect(await screen.findByRole('dialog', { name: 'You have been logged out' })).toBeVisible();
    const kept = Object.keys(localStorage).filter((key) => key.startsWith('trialflow.'));
    expect(kept).toEqual([]);
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/egfr|Hashimoto|lung_cancer/);
    expect(sessionStorage.length).toBe(0);
    expect(hasPatientAnswers(getForm())).toBe(false);
    expect(getForm().type_of_disease ?? '').toBe('');
    expect(queryClient.getQueryCache().findAll({ queryKey: [{ _id: 'summarizeTrials' }] })).toEqual(
      [],
    );
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
  });

  it('should keep the session and offer the support contact when the sign-out fails', async () => {
    vi.mocked(identityGlobalSignOut).mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, router } = renderWithApp(null, {
      route: '/dashboard',
      user: TEST_HCP,
      storage: identityTokens,
    });

    await logout(user);

    const popup = await screen.findByRole('dialog', { name: 'Logout failed' });
    expect(popup).toHaveTextContent('support@trialflow.example');
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();
    expect(router?.state.location.pathname).toBe('/dashboard');
  });

  it('should treat an already revoked identity session as signed out', async () => {
    vi.mocked(identityGlobalSignOut).mockRejectedValue({
      statusCode: 401,
      code: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    const { user } = renderWithApp(null, { route: '/', user: TEST_HCP, storage: identityTokens });

    await logout(user);

    expect(await screen.findByRole('dialog', { name: 'You have been logged out' })).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBeNull();
  });
});

describe('account deletion', () => {
  it('should ask for confirmation, delete the account, clean up and go home', async () => {
    vi.mocked(deleteUser).mockImplementation(() => ok({}));
    const { user, router } = renderWithApp(null, {
      route: '/dashboard/profile',
      user: TEST_HCP,
      storage: identityTokens,
    });

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(deleteUser).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleteUser).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete your account?' })).getByRole(
        'button',
        { name: 'Yes, delete my account' },
      ),
    );

    expect(await screen.findByRole('dialog', { name: 'Account deleted' })).toBeVisible();
    expect(deleteUser).toHaveBeenCalledWith(
      expect.objectContaining({ path: { userId: TEST_HCP._id } }),
    );
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBeNull();
    expect(localStorage.getItem(IDENTITY_STORAGE_KEYS.refreshToken)).toBeNull();
    // The built-in identity went with the product user: no provider sign-out call.
    expect(identityGlobalSignOut).not.toHaveBeenCalled();
    await waitFor(() => expect(router?.state.location.pathname).toBe('/login'));
  });

  it('should keep the account and say so when the deletion fails', async () => {
    vi.mocked(deleteUser).mockRejectedValue({ statusCode: 500, message: 'Internal server error' });
    const { user } = renderWithApp(null, { route: '/dashboard/profile', user: TEST_HCP });

    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete your account?' })).getByRole(
        'button',
        { name: 'Yes, delete my account' },
      ),
    );

    const failed = await screen.findByRole('dialog', { name: 'Account not deleted' });
    expect(failed).toHaveTextContent('support@trialflow.example');
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBe('true');
  });
});

describe('session expiry', () => {
  it('should end the session when the query cache reports a 401 from the product API', async () => {
    const { router } = renderWithApp(null, { route: '/dashboard', user: TEST_HCP });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    act(() => {
      window.dispatchEvent(new Event('trialflow:unauthorized'));
    });

    expect(await screen.findByRole('dialog', { name: 'Session expired' })).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBeNull();
    await waitFor(() => expect(router?.state.location.pathname).toBe('/login'));
  });

  it('should log out to the login screen with a message when the refresh is refused', async () => {
    vi.mocked(refreshSession).mockRejectedValue({
      statusCode: 401,
      message: 'Your session has ended. Please log in again.',
    });
    const { router } = renderWithApp(null, {
      route: '/dashboard',
      user: TEST_HCP,
      storage: { [STORAGE_KEYS.refreshToken]: 'product-refresh-1' },
    });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await act(async () => {
      expect(await refreshProductSession()).toBeNull();
    });

    expect(refreshSession).toHaveBeenCalledWith(
      expect.objectContaining({ body: { refreshToken: 'product-refresh-1' } }),
    );
    expect(await screen.findByRole('dialog', { name: 'Session expired' })).toHaveTextContent(
      'Your session has expired. Please log in again.',
    );
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    await waitFor(() => expect(router?.state.location.pathname).toBe('/login'));
  });

  it('should show the login form, and keep it, to a user whose session expired opening /login', async () => {
    vi.mocked(refreshSession).mockRejectedValue({
      statusCode: 401,
      message: 'Your session has ended. Please log in again.',
    });
    // Stored as logged in, with a product token past its expiry that the API will not renew.
    const { router } = renderWithApp(null, {
      route: '/login',
      user: TEST_HCP,
      storage: {
        [STORAGE_KEYS.accessToken]: jwt({ sub: TEST_HCP._id, exp: inSeconds(-60) }),
        [STORAGE_KEYS.refreshToken]: 'product-refresh-1',
      },
    });

    expect(await screen.findByRole('dialog', { name: 'Session expired' })).toBeVisible();
    await waitFor(() => expect(router?.state.location.pathname).toBe('/login'));
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBeNull();
    // The ended session is gone: /login no longer sends its visitor to /.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router?.state.location.pathname).toBe('/login');
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });
});
