/**
 * The Cognito user pool through Amplify v6. This module is only ever loaded with a dynamic
 * import() when GET /api/config says identityProvider.kind === 'cognito', so Amplify stays out
 * of the default bundle.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  deleteUser,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  type SignInOutput,
} from 'aws-amplify/auth';
import type { CognitoSettingsDto } from '@/api/types.gen';
import {
  IDENTITY_MESSAGES,
  IdentityClient,
  IdentityError,
  IdentitySession,
  SESSION_ENDING_MESSAGES,
} from './identity-client';

/**
 * Amplify's exception names (and its own input checks) → Cognito's messages as the built-in
 * provider words them, so the screens need one table of messages (spec 02 §5, §8).
 */
const MESSAGES_BY_NAME: Record<string, string> = {
  UserNotConfirmedException: IDENTITY_MESSAGES.userNotConfirmed,
  UserNotFoundException: IDENTITY_MESSAGES.userNotFound,
  UsernameExistsException: IDENTITY_MESSAGES.usernameExists,
  CodeMismatchException: IDENTITY_MESSAGES.codeMismatch,
  ExpiredCodeException: IDENTITY_MESSAGES.expiredCode,
  LimitExceededException: IDENTITY_MESSAGES.attemptLimit,
  TooManyFailedAttemptsException: IDENTITY_MESSAGES.attemptLimit,
  InvalidPasswordException: IDENTITY_MESSAGES.invalidPassword,
  PasswordResetRequiredException: IDENTITY_MESSAGES.passwordResetRequired,
  UserUnAuthenticatedException: IDENTITY_MESSAGES.notAuthenticated,
  NetworkError: IDENTITY_MESSAGES.network,
  EmptySignInUsername: 'Username cannot be empty',
  EmptySignInPassword: 'Password cannot be empty',
  EmptySignUpUsername: 'Username cannot be empty',
  EmptySignUpPassword: 'Password cannot be empty',
  EmptyConfirmSignUpUsername: 'Username cannot be empty',
  EmptyConfirmSignUpCode: 'Confirmation code cannot be empty',
  EmptyResendSignUpCodeUsername: 'Username cannot be empty',
  EmptyResetPasswordUsername: 'Username cannot be empty',
  EmptyConfirmResetPasswordUsername: 'Username cannot be empty',
  EmptyConfirmResetPasswordNewPassword: 'Password cannot be empty',
  EmptyConfirmResetPasswordConfirmationCode: 'Confirmation code cannot be empty',
  EmptyConfirmSignInChallengeResponse: 'Challenge response cannot be empty',
  EmptyUpdatePassword: 'Password cannot be empty',
};

/** NotAuthorizedException keeps Cognito's own message: it says which case it is. */
export function fromAmplifyError(error: unknown): IdentityError {
  if (error instanceof IdentityError) {
    return error;
  }
  const name = error instanceof Error ? error.name : undefined;
  const message = error instanceof Error ? error.message : undefined;
  if (name && MESSAGES_BY_NAME[name]) {
    return new IdentityError(MESSAGES_BY_NAME[name], name);
  }
  if (message) {
    return new IdentityError(message, name);
  }
  return new IdentityError(IDENTITY_MESSAGES.authenticationError, name);
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw fromAmplifyError(error);
  }
}

function notConfirmed(): IdentityError {
  return new IdentityError(IDENTITY_MESSAGES.userNotConfirmed, 'UserNotConfirmedException', 403);
}

export function createCognitoIdentityClient(settings: CognitoSettingsDto): IdentityClient {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: settings.userPoolId,
        userPoolClientId: settings.clientId,
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });

  const readSession = async (forceRefresh = false): Promise<IdentitySession | null> => {
    // Amplify checks expiry with its clock drift and refreshes with the refresh token itself.
    const { tokens } = await fetchAuthSession({ forceRefresh });
    if (!tokens?.idToken) {
      return null;
    }
    const claims = tokens.idToken.payload;
    return {
      idToken: tokens.idToken.toString(),
      accessToken: tokens.accessToken.toString(),
      sub: typeof claims.sub === 'string' ? claims.sub : '',
      email: typeof claims.email === 'string' ? claims.email : '',
    };
  };

  const signedInSession = async (): Promise<IdentitySession> => {
    const session = await call(() => readSession());
    if (!session) {
      throw new IdentityError(IDENTITY_MESSAGES.notAuthenticated, 'UserUnAuthenticatedException');
    }
    return session;
  };

  const afterSignIn = async (output: SignInOutput) => {
    switch (output.nextStep.signInStep) {
      case 'DONE':
        return { kind: 'signedIn' as const, session: await signedInSession() };
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        // Amplify keeps the challenge session itself.
        return { kind: 'newPasswordRequired' as const, challengeSession: '' };
      case 'CONFIRM_SIGN_UP':
        throw notConfirmed();
      case 'RESET_PASSWORD':
        throw new IdentityError(
          IDENTITY_MESSAGES.passwordResetRequired,
          'PasswordResetRequiredException',
        );
      default:
        // Multi-factor sign-in is not offered by this product.
        throw new IdentityError(IDENTITY_MESSAGES.authenticationError, output.nextStep.signInStep);
    }
  };

  const client: IdentityClient = {
    kind: 'cognito',

    async signUp(input) {
      const output = await call(() =>
        signUp({
          username: input.email,
          password: input.password,
          options: {
            userAttributes: {
              email: input.email,
              ...(input.firstName ? { given_name: input.firstName } : {}),
              ...(input.lastName ? { family_name: input.lastName } : {}),
              ...(input.language ? { locale: input.language } : {}),
            },
            // For a pre-sign-up trigger that checks the captcha.
            validationData: { captcha: input.captcha },
            clientMetadata: { captcha: input.captcha },
          },
        }),
      );
      return { userSub: output.userId ?? '', userConfirmed: output.isSignUpComplete };
    },

    async confirmSignUp(email, code) {
      await call(() => confirmSignUp({ username: email, confirmationCode: code }));
    },

    async resendCode(email, language) {
      await call(() =>
        resendSignUpCode({
          username: email,
          options: language ? { clientMetadata: { language } } : undefined,
        }),
      );
    },

    async signIn(email, password) {
      try {
        return await afterSignIn(await signIn({ username: email, password }));
      } catch (error) {
        // Amplify refuses a second sign-in while a user is signed in on this device.
        if (error instanceof Error && error.name === 'UserAlreadyAuthenticatedException') {
          await call(() => signOut());
          return afterSignIn(await call(() => signIn({ username: email, password })));
        }
        throw fromAmplifyError(error);
      }
    },

    async completeNewPassword(_email, _challengeSession, newPassword) {
      const result = await afterSignIn(
        await call(() => confirmSignIn({ challengeResponse: newPassword })),
      );
      if (result.kind !== 'signedIn') {
        throw new IdentityError(IDENTITY_MESSAGES.authenticationError);
      }
      return result.session;
    },

    async forgotPassword(email, language) {
      await call(() =>
        resetPassword({
          username: email,
          options: language ? { clientMetadata: { language } } : undefined,
        }),
      );
    },

    async forgotPasswordSubmit(email, code, newPassword) {
      await call(() =>
        confirmResetPassword({ username: email, confirmationCode: code, newPassword }),
      );
    },

    async changePassword(previousPassword, proposedPassword) {
      await call(() =>
        updatePassword({ oldPassword: previousPassword, newPassword: proposedPassword }),
      );
    },

    async signOut() {
      // Global: GlobalSignOut for every device; Amplify then clears its tokens here.
      await call(() => signOut({ global: true }));
    },

    async deleteUser() {
      await call(() => deleteUser());
    },

    async currentSession() {
      try {
        return await readSession();
      } catch (error) {
        const identityError = fromAmplifyError(error);
        if (
          SESSION_ENDING_MESSAGES.includes(identityError.message) ||
          identityError.code === 'NotAuthorizedException'
        ) {
          await signOut().catch(() => undefined);
          return null;
        }
        throw identityError;
      }
    },

    async forgetSession() {
      await signOut().catch(() => undefined);
    },
  };
  return client;
}
