import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, TEST_HCP } from '@/testing/render';
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

let client: MockIdentityClient;

beforeEach(() => {
  client = createMockIdentityClient();
  identity.client = client;
});

type User = ReturnType<typeof renderWithApp>['user'];

async function openForgotPassword(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
  return screen.findByRole('dialog', { name: 'Forgot your password?' });
}

describe('forgot password (spec 01 §4, §5)', () => {
  it('should open a failure popup with the e-mail-required text for an empty e-mail', async () => {
    const { user } = renderWithApp(null, { route: '/login' });
    const popup = await openForgotPassword(user);

    await user.click(within(popup).getByRole('button', { name: 'Send code' }));

    const failure = await screen.findByRole('dialog', { name: 'Password reset failed' });
    expect(failure).toHaveTextContent('Please enter your e-mail address.');
    expect(client.forgotPassword).not.toHaveBeenCalled();
  });

  it('should open a failure popup with the format error for an invalid e-mail', async () => {
    const { user } = renderWithApp(null, { route: '/login' });
    const popup = await openForgotPassword(user);

    await user.type(within(popup).getByPlaceholderText('E-mail address'), 'dr.vega@hospital');
    await user.click(within(popup).getByRole('button', { name: 'Send code' }));

    const failure = await screen.findByRole('dialog', { name: 'Password reset failed' });
    expect(failure).toHaveTextContent('Invalid email address!');
    expect(client.forgotPassword).not.toHaveBeenCalled();
  });

  it("should show the provider's failure translated", async () => {
    client.forgotPassword.mockRejectedValue(
      new IdentityError('Attempt limit exceeded, please try after some time.'),
    );
    const { user } = renderWithApp(null, { route: '/login', language: 'es' });

    await user.click(await screen.findByRole('button', { name: '¿Ha olvidado su contraseña?' }));
    const popup = await screen.findByRole('dialog', { name: '¿Ha olvidado su contraseña?' });
    await user.type(
      within(popup).getByPlaceholderText('Correo electrónico'),
      'dr.vega@hospital.example',
    );
    await user.click(within(popup).getByRole('button', { name: 'Enviar código' }));

    const failure = await screen.findByRole('dialog', {
      name: 'No se pudo restablecer la contraseña',
    });
    expect(failure).toHaveTextContent(
      'Se ha superado el número de intentos. Inténtelo de nuevo más tarde.',
    );
  });

  it('should request a code, reset the password in the fullscreen modal and go to /login', async () => {
    const { user, router } = renderWithApp(null, { route: '/confirm' });
    const popup = await openForgotPassword(user);
    await user.type(
      within(popup).getByPlaceholderText('E-mail address'),
      ' Dr.Vega@Hospital.example',
    );
    await user.click(within(popup).getByRole('button', { name: 'Send code' }));

    const modal = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(client.forgotPassword).toHaveBeenCalledWith('dr.vega@hospital.example', 'en');
    expect(modal).toHaveClass('modal--fullscreen');
    expect(within(modal).getByLabelText('E-mail address')).toHaveValue('dr.vega@hospital.example');

    await user.type(within(modal).getByLabelText('New password'), 'short');
    await user.click(within(modal).getByRole('button', { name: 'Reset password' }));
    expect(
      await within(modal).findByText('Password must have more than 8 characters.'),
    ).toBeInTheDocument();
    expect(within(modal).getByText('Please enter the code.')).toBeInTheDocument();
    expect(client.forgotPasswordSubmit).not.toHaveBeenCalled();

    await user.clear(within(modal).getByLabelText('New password'));
    await user.type(within(modal).getByLabelText('New password'), 'a-new-password');
    await user.type(within(modal).getByLabelText('Code from the e-mail'), '123456');
    await user.click(within(modal).getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('dialog', { name: 'Password changed' })).toBeInTheDocument();
    expect(client.forgotPasswordSubmit).toHaveBeenCalledWith(
      'dr.vega@hospital.example',
      '123456',
      'a-new-password',
    );
    await waitFor(() => expect(router?.state.location.pathname).toBe('/login'));
  });

  it("should show the provider's message inline when the reset fails", async () => {
    client.forgotPasswordSubmit.mockRejectedValue(
      new IdentityError(
        'Invalid verification code provided, please try again.',
        'CodeMismatchException',
        400,
      ),
    );
    const { user } = renderWithApp(null, { route: '/login' });
    const popup = await openForgotPassword(user);
    await user.type(within(popup).getByPlaceholderText('E-mail address'), 'a@hospital.example');
    await user.click(within(popup).getByRole('button', { name: 'Send code' }));
    const modal = await screen.findByRole('dialog', { name: 'Reset your password' });

    await user.type(within(modal).getByLabelText('New password'), 'a-new-password');
    await user.type(within(modal).getByLabelText('Code from the e-mail'), '000000');
    await user.click(within(modal).getByRole('button', { name: 'Reset password' }));

    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'Invalid verification code provided, please try again.',
    );
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
  });
});

describe('confirm (spec 01 §2 /confirm)', () => {
  it('should confirm the e-mail with the code and prefill the login', async () => {
    const { user } = renderWithApp(null, { route: '/confirm' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@trialflow.example' })).toHaveAttribute(
      'href',
      'mailto:support@trialflow.example',
    );
    const confirmCard = screen
      .getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })
      .closest('section') as HTMLElement;
    await user.type(within(confirmCard).getByLabelText('E-mail address'), 'New@Clinic.example');
    await user.type(within(confirmCard).getByLabelText('Verification code'), '12a');
    await user.click(within(confirmCard).getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByText('Input can contain only numbers.')).toBeInTheDocument();

    await user.clear(within(confirmCard).getByLabelText('Verification code'));
    await user.type(within(confirmCard).getByLabelText('Verification code'), '654321');
    await user.click(within(confirmCard).getByRole('button', { name: 'Confirm e-mail address' }));

    expect(
      await screen.findByText('Your e-mail address is confirmed. You can now log in.'),
    ).toBeInTheDocument();
    expect(client.confirmSignUp).toHaveBeenCalledWith('new@clinic.example', '654321');
    const loginCard = screen
      .getByRole('heading', { level: 2, name: 'Log in' })
      .closest('section') as HTMLElement;
    expect(within(loginCard).getByLabelText('E-mail address')).toHaveValue('new@clinic.example');
  });

  it('should show a wrong code inline', async () => {
    client.confirmSignUp.mockRejectedValue(
      new IdentityError('Invalid code provided, please request a code again.'),
    );
    const { user } = renderWithApp(null, { route: '/confirm', language: 'de' });

    const card = (
      await screen.findByRole('heading', { level: 1, name: 'Bestätigen Sie Ihre E-Mail-Adresse' })
    ).closest('section') as HTMLElement;
    await user.type(within(card).getByLabelText('E-Mail-Adresse'), 'a@clinic.example');
    await user.type(within(card).getByLabelText('Bestätigungscode'), '111111');
    await user.click(within(card).getByRole('button', { name: 'E-Mail-Adresse bestätigen' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Der Code ist ungültig. Bitte fordern Sie einen neuen Code an.',
    );
  });
});

describe('change password', () => {
  it('should change the password with the provider', async () => {
    const { user } = renderWithApp(null, { route: '/dashboard/profile', user: TEST_HCP });

    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Current password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'the-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(client.changePassword).toHaveBeenCalledWith('old-password', 'the-new-password');
  });

  it('should say when the current password is wrong', async () => {
    client.changePassword.mockRejectedValue(
      new IdentityError('Incorrect username or password.', 'NotAuthorizedException', 401),
    );
    const { user } = renderWithApp(null, { route: '/dashboard/profile', user: TEST_HCP });

    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await user.type(screen.getByLabelText('New password'), 'the-new-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
  });
});
