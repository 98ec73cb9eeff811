import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginEmail } from '@/api/sdk.gen';
import type { LoginResponseDto, UserResponseDto } from '@/api/types.gen';
import { storeLogin, STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp } from '@/testing/render';
import { IdentityError } from './client/identity-client';
import {
  createMockIdentityClient,
  MockIdentityClient,
  TEST_SESSION,
} from './testing/mock-identity-client';

const identity = vi.hoisted(() => {
  const holder: { client: unknown } = { client: null };
  return holder;
});

vi.mock('./client/load-identity-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./client/load-identity-client')>()),
  loadIdentityClient: () => Promise.resolve(identity.client),
}));

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  loginEmail: vi.fn(),
}));

vi.mock('@/lib/storage', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/storage')>();
  return { ...actual, storeLogin: vi.fn(actual.storeLogin) };
});

const USER: UserResponseDto = {
  _id: 'u-1',
  clinopsuser: false,
  country: 'ES',
  createdAt: '2025-01-01T00:00:00.000Z',
  email: 'dr.vega@hospital.example',
  facilityIds: [],
  firstName: 'Lucía',
  institution: 'Hospital Clínic',
  language: 'es',
  lastName: 'Vega',
  phoneNumber: '',
  registerType: 'email',
  subscribe: false,
  type: 'hcp',
  userSource: 'ancora_hcp',
};

const answer = (data: LoginResponseDto) =>
  Promise.resolve({ data, request: new Request('http://x'), response: new Response() });

let client: MockIdentityClient;

beforeEach(() => {
  vi.clearAllMocks();
  client = createMockIdentityClient();
  identity.client = client;
  vi.mocked(loginEmail).mockImplementation(() =>
    answer({
      status: 200,
      data: { accessToken: 'product-token', refreshToken: 'refresh-1', expiresIn: 900, user: USER },
    }),
  );
});

async function fillLogin(
  user: ReturnType<typeof renderWithApp>['user'],
  email: string,
  pw: string,
) {
  await user.type(await screen.findByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Password'), pw);
}

describe('login (spec 01 §4 Login flow, §8 errors)', () => {
  it('should sign in with the lowercased e-mail, log in, store the session and go to the partner home', async () => {
    const { user, router } = renderWithApp(null, { route: '/login' });
    const visited: string[] = [];
    router?.subscribe((state) => visited.push(state.location.pathname));

    await fillLogin(user, '  Dr.Vega@Hospital.Example ', 'correct-horse');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
    expect(client.signIn).toHaveBeenCalledWith('dr.vega@hospital.example', 'correct-horse');
    expect(client.completeNewPassword).not.toHaveBeenCalled();
    expect(loginEmail).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          registerType: 'email',
          username: 'dr.vega@hospital.example',
          accessToken: TEST_SESSION.idToken,
          sub: TEST_SESSION.sub,
        },
      }),
    );
    expect(storeLogin).toHaveBeenCalledWith('product-token', USER, 'email');
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('product-token');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('u-1');
    expect(visited).toContain('/partner=hcp');
    expect(
      await screen.findByRole('heading', { name: 'Find clinical trials for your patients' }),
    ).toBeInTheDocument();
  });

  it("should go to the user's own partner", async () => {
    vi.mocked(loginEmail).mockImplementation(() =>
      answer({
        status: 200,
        data: {
          accessToken: 't',
          refreshToken: 'r',
          expiresIn: 900,
          user: { ...USER, userSource: 'breast_cancer_partner' },
        },
      }),
    );
    const { user, router } = renderWithApp(null, { route: '/login' });
    const visited: string[] = [];
    router?.subscribe((state) => visited.push(state.location.pathname));

    await fillLogin(user, 'dr.vega@hospital.example', 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
    expect(visited).toContain('/partner=breastcancer');
    expect(localStorage.getItem(STORAGE_KEYS.partnerSource)).toBe('breast_cancer_partner');
  });

  it('should complete a new-password challenge with the same password', async () => {
    client.signIn.mockResolvedValue({ kind: 'newPasswordRequired', challengeSession: 'chal-1' });
    const { user, router } = renderWithApp(null, { route: '/login' });

    await fillLogin(user, 'dr.vega@hospital.example', 'temporary-pass');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
    expect(client.completeNewPassword).toHaveBeenCalledWith(
      'dr.vega@hospital.example',
      'chal-1',
      'temporary-pass',
    );
    expect(loginEmail).toHaveBeenCalledTimes(1);
  });

  it('should open the e-mail-not-verified popup, resend the code and lead to /confirm', async () => {
    client.signIn.mockRejectedValue(
      new IdentityError('User is not confirmed.', 'UserNotConfirmedException', 403),
    );
    const { user, router } = renderWithApp(null, { route: '/login' });

    await fillLogin(user, 'dr.vega@hospital.example', 'correct-horse');
    await user.keyboard('{Enter}');

    const popup = await screen.findByRole('dialog', { name: 'E-mail address not verified' });
    expect(popup).toHaveTextContent('dr.vega@hospital.example');
    expect(loginEmail).not.toHaveBeenCalled();
    await user.click(within(popup).getByRole('button', { name: 'Resend verification e-mail' }));

    const sent = await screen.findByRole('dialog', { name: 'Verification email sent' });
    expect(client.resendCode).toHaveBeenCalledWith('dr.vega@hospital.example', 'en');
    await user.click(within(sent).getByRole('button', { name: 'Enter the code' }));

    await waitFor(() => expect(router?.state.location.pathname).toBe('/confirm'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' }),
    ).toBeInTheDocument();
    expect(screen.getAllByLabelText('E-mail address')[0]).toHaveValue('dr.vega@hospital.example');
  });

  it('should show a failed resend in a popup titled Error', async () => {
    client.signIn.mockRejectedValue(new IdentityError('User is not confirmed.'));
    client.resendCode.mockRejectedValue(
      new IdentityError('Attempt limit exceeded, please try after some time.'),
    );
    const { user } = renderWithApp(null, { route: '/login' });

    await fillLogin(user, 'dr.vega@hospital.example', 'correct-horse');
    await user.keyboard('{Enter}');
    const popup = await screen.findByRole('dialog', { name: 'E-mail address not verified' });
    await user.click(within(popup).getByRole('button', { name: 'Resend verification e-mail' }));

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('Attempt limit exceeded, please try after some time.');
  });

  it("should show 'Incorrect username or password.' inline", async () => {
    client.signIn.mockRejectedValue(
      new IdentityError('Incorrect username or password.', 'NotAuthorizedException', 401),
    );
    const { user } = renderWithApp(null, { route: '/login' });

    await fillLogin(user, 'dr.vega@hospital.example', 'wrong-password');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(loginEmail).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.login)).toBeNull();
  });

  it("should show 'User does not exist.' as 'User does not exist. Please sign up.'", async () => {
    client.signIn.mockRejectedValue(
      new IdentityError('User does not exist.', 'UserNotFoundException', 404),
    );
    const { user } = renderWithApp(null, { route: '/login' });

    await fillLogin(user, 'nobody@hospital.example', 'whatever-pass');
    await user.keyboard('{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('User does not exist. Please sign up.');
    expect(within(alert).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('should show anything else as an unexpected error', async () => {
    client.signIn.mockRejectedValue(new IdentityError('Something odd', 'InternalErrorException'));
    const { user } = renderWithApp(null, { route: '/login' });

    await fillLogin(user, 'dr.vega@hospital.example', 'correct-horse');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
  });

  it('should translate the inline error (German)', async () => {
    client.signIn.mockRejectedValue(new IdentityError('Incorrect username or password.'));
    const { user } = renderWithApp(null, { route: '/login', language: 'de' });

    await user.type(await screen.findByLabelText('E-Mail-Adresse'), 'dr.vega@hospital.example');
    await user.type(screen.getByLabelText('Passwort'), 'wrong-password');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Benutzername oder Passwort ist falsch.',
    );
  });

  it('should open the login-failed popup when the login endpoint fails', async () => {
    vi.mocked(loginEmail).mockRejectedValue({ statusCode: 401, message: 'Unauthorized' });
    const { user, router } = renderWithApp(null, { route: '/login' });

    await fillLogin(user, 'dr.vega@hospital.example', 'correct-horse');
    await user.keyboard('{Enter}');

    const popup = await screen.findByRole('dialog', { name: 'Login failed' });
    expect(popup).toHaveTextContent('Something went wrong, please try again later.');
    expect(storeLogin).not.toHaveBeenCalled();
    expect(router?.state.location.pathname).toBe('/login');
  });

  it('should open the login-failed popup when the login answers a status other than 200', async () => {
    vi.mocked(loginEmail).mockImplementation(() =>
      answer({
        status: 500,
        data: { accessToken: '', refreshToken: '', expiresIn: 0, user: USER },
      }),
    );
    const { user } = renderWithApp(null, { route: '/login' });

    await fillLogin(user, 'dr.vega@hospital.example', 'correct-horse');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('dialog', { name: 'Login failed' })).toBeInTheDocument();
    expect(storeLogin).not.toHaveBeenCalled();
  });

  it('should check the fields before calling the provider', async () => {
    const { user } = renderWithApp(null, { route: '/login' });

    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password.')).toBeInTheDocument();

    await fillLogin(user, 'not-an-email', 'short');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email address!')).toBeInTheDocument();
    expect(screen.getByText('Password must have more than 8 characters.')).toBeInTheDocument();
    expect(client.signIn).not.toHaveBeenCalled();
  });

  it('should show and hide the password', async () => {
    const { user } = renderWithApp(null, { route: '/login' });

    const field = await screen.findByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
  });

  it('should link to Contact us and to the registration', async () => {
    renderWithApp(null, { route: '/login' });

    expect(await screen.findByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });
});
