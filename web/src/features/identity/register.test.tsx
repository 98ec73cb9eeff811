import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signup } from '@/api/sdk.gen';
import type { SignupResponseDto, UserResponseDto } from '@/api/types.gen';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp } from '@/testing/render';
import { IdentityError } from './client/identity-client';
import { createMockIdentityClient, MockIdentityClient } from './testing/mock-identity-client';

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
  signup: vi.fn(),
}));

// The real widget solves a proof of work in workers; the tests play its events instead.
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/de', () => ({}));
vi.mock('altcha/i18n/es-es', () => ({}));

const USER = { _id: 'u-new', email: 'new.doc@clinic.example' } as UserResponseDto;

const answer = (data: SignupResponseDto) =>
  Promise.resolve({ data, request: new Request('http://x'), response: new Response() });

let client: MockIdentityClient;

beforeEach(() => {
  vi.clearAllMocks();
  client = createMockIdentityClient();
  identity.client = client;
  vi.mocked(signup).mockImplementation(() =>
    answer({ status: 200, message: 'User created', data: { user: USER } }),
  );
});

type User = ReturnType<typeof renderWithApp>['user'];

async function acceptConsentAndOpenForm(user: User) {
  await user.click(await screen.findByRole('checkbox', { name: /I agree to the Terms of use/ }));
  await user.click(screen.getByRole('button', { name: 'Sign up with e-mail' }));
  await screen.findByRole('heading', { name: 'Your details' });
}

async function solveCaptcha(payload = 'altcha-payload') {
  const widget = await waitFor(() => {
    const element = document.querySelector('altcha-widget');
    expect(element).not.toBeNull();
    return element as HTMLElement;
  });
  expect(widget).toHaveAttribute('challenge', '/api/captcha/challenge');
  act(() => {
    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload } }),
    );
  });
}

async function fillForm(user: User, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Ana',
    'Last name': "O'Neill",
    'Institution (optional)': 'Hospital Clínic',
    'E-mail address': 'New.Doc@Clinic.example',
    Password: 'long-enough-pw',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) {
      await user.type(input, value);
    }
  }
}

describe('register (spec 01 §2 Register screen, §4 Register flow)', () => {
  it('should show the form only after consent', async () => {
    const { user } = renderWithApp(null, { route: '/register' });

    await user.click(await screen.findByRole('button', { name: 'Sign up with e-mail' }));

    expect(
      await screen.findByText('Please agree to our consent before continuing.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of use/ }));
    // Ticking consent answers the error at once, before the next click (issue 15).
    expect(
      screen.queryByText('Please agree to our consent before continuing.'),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: /I agree to the Terms of use/ }),
    ).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Sign up with e-mail' }));

    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByLabelText('Last name')).toBeInTheDocument();
    expect(screen.getByLabelText('Institution (optional)')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Security check' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(
      screen.queryByText('Please agree to our consent before continuing.'),
    ).not.toBeInTheDocument();
  });

  it('should link to login, the terms and the privacy policy', async () => {
    renderWithApp(null, { route: '/register' });

    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('should prefill the e-mail of /register/:email', async () => {
    const { user } = renderWithApp(null, { route: '/register/invited%40clinic.example' });

    await acceptConsentAndOpenForm(user);

    expect(screen.getByLabelText('E-mail address')).toHaveValue('invited@clinic.example');
  });

  it('should show the validation messages under the fields', async () => {
    const { user } = renderWithApp(null, { route: '/register' });
    await acceptConsentAndOpenForm(user);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password.')).toBeInTheDocument();

    await fillForm(user, {
      'Last name': `V3${'x'.repeat(60)}`,
      'Institution (optional)': 'Clinic #3',
      'E-mail address': 'nope',
      Password: 'short',
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // Both failing rules of one field, joined (spec 02 §5).
    expect(
      await screen.findByText(
        "Input can only be a letter of an alphabet or a '.'. Input must have less than 60 characters.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Input can only be a letter of an alphabet or a number.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Invalid email address!')).toBeInTheDocument();
    expect(screen.getByText('Password must have more than 8 characters.')).toBeInTheDocument();
    expect(client.signUp).not.toHaveBeenCalled();
  });

  it('should ask for the captcha before signing up', async () => {
    const { user } = renderWithApp(null, { route: '/register' });
    await acceptConsentAndOpenForm(user);
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please complete the security check.')).toBeInTheDocument();
    expect(client.signUp).not.toHaveBeenCalled();
  });

  it('should sign up with the provider and the product with one captcha payload, then go to /confirm', async () => {
    const { user, router } = renderWithApp(null, {
      route: '/register',
      storage: { [STORAGE_KEYS.sessionId]: 'session-1' },
    });
    await acceptConsentAndOpenForm(user);
    await user.click(screen.getByRole('checkbox', { name: /Keep me informed/ }));
    await fillForm(user);
    await solveCaptcha('payload-xyz');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router?.state.location.pathname).toBe('/confirm'));
    expect(client.signUp).toHaveBeenCalledWith({
      email: 'new.doc@clinic.example',
      password: 'long-enough-pw',
      firstName: 'Ana',
      lastName: "O'Neill",
      language: 'en',
      captcha: 'payload-xyz',
    });
    expect(signup).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          registerType: 'email',
          firstName: 'Ana',
          lastName: "O'Neill",
          email: 'new.doc@clinic.example',
          subscribe: true,
          recaptcha: 'payload-xyz',
          consent: true,
          language: 'en',
          sessionId: 'session-1',
          institution: 'Hospital Clínic',
          userSource: 'ancora_hcp',
        },
      }),
    );
    expect(router?.state.location.state).toEqual({ email: 'new.doc@clinic.example' });
    expect(
      await screen.findByText(
        /We have sent an e-mail with a 6-digit code to new.doc@clinic.example/,
      ),
    ).toBeInTheDocument();
  });

  it("should show 'User already exists.' inline when the product says so", async () => {
    vi.mocked(signup).mockRejectedValue({ statusCode: 409, message: 'User already exists.' });
    const { user, router } = renderWithApp(null, { route: '/register' });
    await acceptConsentAndOpenForm(user);
    await fillForm(user);
    await solveCaptcha();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('User already exists.');
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/register');
  });

  it("should show the provider's 'already exists' the same way", async () => {
    client.signUp.mockRejectedValue(
      new IdentityError(
        'An account with the given email already exists.',
        'UsernameExistsException',
        409,
      ),
    );
    const { user } = renderWithApp(null, { route: '/register' });
    await acceptConsentAndOpenForm(user);
    await fillForm(user);
    await solveCaptcha();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists.');
    expect(signup).not.toHaveBeenCalled();
  });

  it('should open the registration-failed popup and reset the captcha on another failure', async () => {
    vi.mocked(signup).mockRejectedValue({
      statusCode: 400,
      message: 'Captcha verification failed.',
    });
    const { user } = renderWithApp(null, { route: '/register' });
    await acceptConsentAndOpenForm(user);
    await fillForm(user);
    await solveCaptcha();
    const widget = document.querySelector('altcha-widget') as HTMLElement & { reset?: () => void };
    widget.reset = vi.fn();

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const popup = await screen.findByRole('dialog', { name: 'Registration failed' });
    expect(popup).toHaveTextContent(
      'The security check could not be verified. Please solve it again.',
    );
    expect(widget.reset).toHaveBeenCalled();

    // The spent payload is gone: a new submit asks for the captcha again.
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please complete the security check.')).toBeInTheDocument();
    expect(signup).toHaveBeenCalledTimes(1);
  });

  it('should open the resend-verification modal and validate its e-mail', async () => {
    const { user } = renderWithApp(null, { route: '/register' });

    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    const modal = await screen.findByRole('dialog', { name: 'Resend verification e-mail' });
    await user.click(within(modal).getByRole('button', { name: 'Send' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent('Please enter your e-mail address.');
    await user.type(within(modal).getByPlaceholderText('E-mail address'), 'bad@');
    await user.click(within(modal).getByRole('button', { name: 'Send' }));
    expect(within(modal).getByRole('alert')).toHaveTextContent('Invalid email address!');

    await user.clear(within(modal).getByPlaceholderText('E-mail address'));
    await user.type(within(modal).getByPlaceholderText('E-mail address'), '  Me@Clinic.example ');
    await user.click(within(modal).getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByRole('dialog', { name: 'Verification email sent' }),
    ).toBeInTheDocument();
    expect(client.resendCode).toHaveBeenCalledWith('me@clinic.example', 'en');
  });
});
