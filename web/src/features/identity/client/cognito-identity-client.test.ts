import {
  confirmSignIn,
  deleteUser,
  fetchAuthSession,
  signIn,
  signOut,
  updatePassword,
} from 'aws-amplify/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../testing/mock-identity-client';
import { createCognitoIdentityClient, fromAmplifyError } from './cognito-identity-client';
import { IdentityError } from './identity-client';

const amplify = vi.hoisted(() => ({ configure: vi.fn() }));
vi.mock('aws-amplify', () => ({ Amplify: amplify }));
vi.mock('aws-amplify/auth', () => ({
  confirmResetPassword: vi.fn(),
  confirmSignIn: vi.fn(),
  confirmSignUp: vi.fn(),
  deleteUser: vi.fn(),
  fetchAuthSession: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(),
  signUp: vi.fn(),
  updatePassword: vi.fn(),
}));

const SETTINGS = {
  region: 'eu-central-1',
  userPoolId: 'eu-central-1_AbC123',
  clientId: 'client-1',
};

function amplifyError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

const idToken = fakeJwt({ sub: 'cognito-sub', email: 'a@clinic.example' });
const session = {
  tokens: {
    idToken: {
      toString: () => idToken,
      payload: { sub: 'cognito-sub', email: 'a@clinic.example' },
    },
    accessToken: { toString: () => 'access', payload: {} },
  },
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(fetchAuthSession).mockResolvedValue(session);
});

describe(createCognitoIdentityClient.name, () => {
  it('should configure Amplify with the user pool of the configuration', () => {
    createCognitoIdentityClient(SETTINGS);
    expect(amplify.configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: expect.objectContaining({
          userPoolId: 'eu-central-1_AbC123',
          userPoolClientId: 'client-1',
        }) as unknown,
      },
    });
  });

  it('should sign in and read the ID token of the session', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const result = await createCognitoIdentityClient(SETTINGS).signIn('a@clinic.example', 'pw');
    expect(result).toEqual({
      kind: 'signedIn',
      session: { idToken, accessToken: 'access', sub: 'cognito-sub', email: 'a@clinic.example' },
    });
  });

  it("should turn Amplify's CONFIRM_SIGN_UP step into 'User is not confirmed.'", async () => {
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
    });
    await expect(
      createCognitoIdentityClient(SETTINGS).signIn('a@clinic.example', 'pw'),
    ).rejects.toMatchObject({
      message: 'User is not confirmed.',
      code: 'UserNotConfirmedException',
    });
  });

  it('should report and complete the new-password challenge', async () => {
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    } as never);
    vi.mocked(confirmSignIn).mockResolvedValue({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    const client = createCognitoIdentityClient(SETTINGS);

    const result = await client.signIn('a@clinic.example', 'temp-password');
    expect(result.kind).toBe('newPasswordRequired');
    const done = await client.completeNewPassword('a@clinic.example', '', 'temp-password');

    expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'temp-password' });
    expect(done.sub).toBe('cognito-sub');
  });

  it('should sign out a previous user first when Amplify says one is signed in', async () => {
    vi.mocked(signIn)
      .mockRejectedValueOnce(
        amplifyError('UserAlreadyAuthenticatedException', 'There is already a signed in user.'),
      )
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    vi.mocked(signOut).mockResolvedValue(undefined);

    const result = await createCognitoIdentityClient(SETTINGS).signIn('a@clinic.example', 'pw');

    expect(signOut).toHaveBeenCalledTimes(1);
    expect(result.kind).toBe('signedIn');
  });

  it("should map Amplify's errors to Cognito's messages", async () => {
    vi.mocked(updatePassword).mockRejectedValue(
      amplifyError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    vi.mocked(deleteUser).mockRejectedValue(
      amplifyError('UserNotFoundException', 'User not found'),
    );
    const client = createCognitoIdentityClient(SETTINGS);

    await expect(client.changePassword('a', 'b')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
      code: 'NotAuthorizedException',
    });
    await expect(client.deleteUser()).rejects.toMatchObject({ message: 'User does not exist.' });
  });

  it('should sign out globally', async () => {
    vi.mocked(signOut).mockResolvedValue(undefined);
    await createCognitoIdentityClient(SETTINGS).signOut();
    expect(signOut).toHaveBeenCalledWith({ global: true });
  });

  it('should clean up a session whose refresh token has been revoked', async () => {
    vi.mocked(fetchAuthSession).mockRejectedValue(
      amplifyError('NotAuthorizedException', 'Refresh Token has been revoked'),
    );
    vi.mocked(signOut).mockResolvedValue(undefined);

    expect(await createCognitoIdentityClient(SETTINGS).currentSession()).toBeNull();
    expect(signOut).toHaveBeenCalled();
  });
});

describe(fromAmplifyError.name, () => {
  it.each([
    ['UserNotConfirmedException', 'x', 'User is not confirmed.'],
    [
      'UsernameExistsException',
      'User already exists',
      'An account with the given email already exists.',
    ],
    ['CodeMismatchException', 'x', 'Invalid verification code provided, please try again.'],
    ['ExpiredCodeException', 'x', 'Invalid code provided, please request a code again.'],
    ['LimitExceededException', 'x', 'Attempt limit exceeded, please try after some time.'],
    ['EmptySignInUsername', 'username is required to signIn', 'Username cannot be empty'],
    ['NotAuthorizedException', 'Password attempts exceeded', 'Password attempts exceeded'],
  ])('should map %s to %s', (name, message, expected) => {
    const error = fromAmplifyError(amplifyError(name, message));
    expect(error).toBeInstanceOf(IdentityError);
    expect(error.message).toBe(expected);
    expect(error.code).toBe(name);
  });
});
