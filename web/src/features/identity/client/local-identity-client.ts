import {
  identityChangePassword,
  identityConfirmForgotPassword,
  identityConfirmSignUp,
  identityDeleteUser,
  identityForgotPassword,
  identityGlobalSignOut,
  identityRefresh,
  identityResendConfirmationCode,
  identityRespondToChallenge,
  identityRevokeToken,
  identitySignIn,
  identitySignUp,
} from '@/api/sdk.gen';
import type { AuthTokensDto } from '@/api/types.gen';
import { readItem, writeItem } from '@/lib/storage';
import {
  IDENTITY_MESSAGES,
  IdentityClient,
  IdentityError,
  IdentitySession,
  SESSION_ENDING_MESSAGES,
} from './identity-client';
import { decodeJwt } from './jwt';

/** Where the built-in provider's tokens are kept on this device; logout removes them. */
export const IDENTITY_STORAGE_KEYS = {
  idToken: 'identity.idToken',
  accessToken: 'identity.accessToken',
  refreshToken: 'identity.refreshToken',
  /** Milliseconds this device's clock is ahead of the provider's (spec 02 §3 clock drift). */
  clockDrift: 'identity.clockDrift',
} as const;

const REFRESH_LOCK = 'trialflow:identity-refresh';

interface ErrorBody {
  statusCode?: number;
  message?: unknown;
  code?: string;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'message' in value;
}

/** The generated client throws the parsed error body, or the fetch failure itself. */
export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) {
    return error;
  }
  // fetch rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError) {
    return new IdentityError(IDENTITY_MESSAGES.network, 'NetworkError');
  }
  if (!(error instanceof Error) && isErrorBody(error) && typeof error.message === 'string') {
    return new IdentityError(error.message, error.code, error.statusCode);
  }
  return new IdentityError(IDENTITY_MESSAGES.authenticationError);
}

async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    throw toIdentityError(error);
  }
}

function clearTokens(): void {
  for (const key of Object.values(IDENTITY_STORAGE_KEYS)) {
    writeItem(key, null);
  }
}

function storeTokens(tokens: AuthTokensDto): IdentitySession {
  const id = decodeJwt(tokens.idToken);
  const access = decodeJwt(tokens.accessToken);
  writeItem(IDENTITY_STORAGE_KEYS.idToken, tokens.idToken);
  writeItem(IDENTITY_STORAGE_KEYS.accessToken, tokens.accessToken);
  if (tokens.refreshToken) {
    writeItem(IDENTITY_STORAGE_KEYS.refreshToken, tokens.refreshToken);
  }
  // As Amplify does: the difference between this clock and the token's issue time.
  const issuedAt = access?.iat ?? id?.iat;
  writeItem(IDENTITY_STORAGE_KEYS.clockDrift, String(issuedAt ? Date.now() - issuedAt * 1000 : 0));
  return {
    idToken: tokens.idToken,
    accessToken: tokens.accessToken,
    sub: id?.sub ?? '',
    email: id?.email ?? '',
  };
}

function storedSession(): IdentitySession | null {
  const idToken = readItem(IDENTITY_STORAGE_KEYS.idToken);
  const accessToken = readItem(IDENTITY_STORAGE_KEYS.accessToken);
  if (!idToken || !accessToken) {
    return null;
  }
  const claims = decodeJwt(idToken);
  return { idToken, accessToken, sub: claims?.sub ?? '', email: claims?.email ?? '' };
}

/**
 * Spec 02 §4: valid while now − clock drift is earlier than the expiry of both the access and
 * the ID token.
 */
export function isSessionValid(session: IdentitySession, now = Date.now()): boolean {
  const drift = Number(readItem(IDENTITY_STORAGE_KEYS.clockDrift) ?? '0') || 0;
  const adjusted = now - drift;
  const expiries = [session.idToken, session.accessToken].map((token) => decodeJwt(token)?.exp);
  return expiries.every((exp) => typeof exp === 'number' && adjusted < exp * 1000);
}

function endsSession(error: IdentityError): boolean {
  return SESSION_ENDING_MESSAGES.includes(error.message) || error.status === 401;
}

/** The built-in identity provider behind /api/identity (IDENTITY_PROVIDER=local). */
export function createLocalIdentityClient(): IdentityClient {
  let refreshing: Promise<IdentitySession | null> | null = null;

  const exchange = async (): Promise<IdentitySession | null> => {
    // Another tab may have refreshed while this one waited for the lock: use its tokens.
    const stored = storedSession();
    if (stored && isSessionValid(stored)) {
      return stored;
    }
    const refreshToken = readItem(IDENTITY_STORAGE_KEYS.refreshToken);
    if (!refreshToken) {
      clearTokens();
      return null;
    }
    try {
      const tokens = await call(() =>
        identityRefresh({ body: { refreshToken }, throwOnError: true }),
      );
      // The answer holds the next refresh token; the one sent is used up.
      return storeTokens(tokens);
    } catch (error) {
      const identityError = toIdentityError(error);
      if (endsSession(identityError)) {
        clearTokens();
        return null;
      }
      throw identityError;
    }
  };

  /**
   * The provider rotates refresh tokens and takes a used one sent again for a stolen copy (it
   * then signs the identity out everywhere): where the browser has Web Locks, one tab at a
   * time refreshes, and the next finds its tokens.
   */
  const refresh = (): Promise<IdentitySession | null> => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request(REFRESH_LOCK, exchange) : exchange();
  };

  const currentSession = async (): Promise<IdentitySession | null> => {
    const session = storedSession();
    if (!session) {
      return null;
    }
    if (isSessionValid(session)) {
      return session;
    }
    // One refresh for every caller that finds the session expired at the same time.
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const requireAccessToken = async (): Promise<string> => {
    const session = await currentSession();
    if (!session) {
      throw new IdentityError(IDENTITY_MESSAGES.notAuthenticated, 'NotAuthorizedException', 401);
    }
    return session.accessToken;
  };

  return {
    kind: 'local',

    async signUp(input) {
      const data = await call(() => identitySignUp({ body: input, throwOnError: true }));
      return { userSub: data.userSub, userConfirmed: data.userConfirmed };
    },

    async confirmSignUp(email, code) {
      await call(() => identityConfirmSignUp({ body: { email, code }, throwOnError: true }));
    },

    async resendCode(email, language) {
      await call(() =>
        identityResendConfirmationCode({ body: { email, language }, throwOnError: true }),
      );
    },

    async signIn(email, password) {
      const data = await call(() =>
        identitySignIn({ body: { email, password }, throwOnError: true }),
      );
      if (data.tokens) {
        return { kind: 'signedIn', session: storeTokens(data.tokens) };
      }
      if (data.challengeName === 'NEW_PASSWORD_REQUIRED' && data.session) {
        return { kind: 'newPasswordRequired', challengeSession: data.session };
      }
      throw new IdentityError(IDENTITY_MESSAGES.authenticationError);
    },

    async completeNewPassword(email, challengeSession, newPassword) {
      const data = await call(() =>
        identityRespondToChallenge({
          body: {
            email,
            challengeName: 'NEW_PASSWORD_REQUIRED',
            session: challengeSession,
            newPassword,
          },
          throwOnError: true,
        }),
      );
      if (!data.tokens) {
        throw new IdentityError(IDENTITY_MESSAGES.authenticationError);
      }
      return storeTokens(data.tokens);
    },

    async forgotPassword(email, language) {
      await call(() => identityForgotPassword({ body: { email, language }, throwOnError: true }));
    },

    async forgotPasswordSubmit(email, code, newPassword) {
      await call(() =>
        identityConfirmForgotPassword({
          body: { email, code, password: newPassword },
          throwOnError: true,
        }),
      );
    },

    async changePassword(previousPassword, proposedPassword) {
      const accessToken = await requireAccessToken();
      await call(() =>
        identityChangePassword({
          auth: accessToken,
          body: { previousPassword, proposedPassword },
          throwOnError: true,
        }),
      );
    },

    async signOut() {
      if (!storedSession() && !readItem(IDENTITY_STORAGE_KEYS.refreshToken)) {
        return;
      }
      // A fresh access token, so the global sign-out reaches the other devices too; when it
      // cannot be had, revoking this device's refresh token is what is left to do.
      const session = await currentSession().catch(() => storedSession());
      const refreshToken = readItem(IDENTITY_STORAGE_KEYS.refreshToken);
      try {
        if (session) {
          try {
            await call(() =>
              identityGlobalSignOut({ auth: session.accessToken, throwOnError: true }),
            );
          } catch (error) {
            // A token that is already expired or revoked needs no global sign-out.
            if (!endsSession(toIdentityError(error))) {
              throw error;
            }
          }
        }
        if (refreshToken) {
          await call(() => identityRevokeToken({ body: { refreshToken }, throwOnError: true }));
        }
      } finally {
        clearTokens();
      }
    },

    async deleteUser() {
      const accessToken = await requireAccessToken();
      await call(() => identityDeleteUser({ auth: accessToken, throwOnError: true }));
      clearTokens();
    },

    currentSession,

    forgetSession() {
      clearTokens();
      return Promise.resolve();
    },
  };
}
