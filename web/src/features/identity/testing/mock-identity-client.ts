import { vi } from 'vitest';
import type { IdentityClient, IdentitySession } from '../client/identity-client';

/** A header.payload.signature token whose payload the app can read. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown): string =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const TEST_SESSION: IdentitySession = {
  idToken: 'identity-id-token',
  accessToken: 'identity-access-token',
  sub: 'sub-123',
  email: 'dr.vega@hospital.example',
};

export type MockIdentityClient = { [K in keyof IdentityClient]: IdentityClient[K] } & {
  [K in Exclude<keyof IdentityClient, 'kind'>]: ReturnType<typeof vi.fn<IdentityClient[K]>>;
};

/** Every method a vi.fn that resolves like a quiet provider; tests set what they need. */
export function createMockIdentityClient(
  kind: IdentityClient['kind'] = 'local',
): MockIdentityClient {
  return {
    kind,
    signUp: vi
      .fn<IdentityClient['signUp']>()
      .mockResolvedValue({ userSub: 'sub-123', userConfirmed: false }),
    confirmSignUp: vi.fn<IdentityClient['confirmSignUp']>().mockResolvedValue(undefined),
    resendCode: vi.fn<IdentityClient['resendCode']>().mockResolvedValue(undefined),
    signIn: vi
      .fn<IdentityClient['signIn']>()
      .mockResolvedValue({ kind: 'signedIn', session: TEST_SESSION }),
    completeNewPassword: vi
      .fn<IdentityClient['completeNewPassword']>()
      .mockResolvedValue(TEST_SESSION),
    forgotPassword: vi.fn<IdentityClient['forgotPassword']>().mockResolvedValue(undefined),
    forgotPasswordSubmit: vi
      .fn<IdentityClient['forgotPasswordSubmit']>()
      .mockResolvedValue(undefined),
    changePassword: vi.fn<IdentityClient['changePassword']>().mockResolvedValue(undefined),
    signOut: vi.fn<IdentityClient['signOut']>().mockResolvedValue(undefined),
    deleteUser: vi.fn<IdentityClient['deleteUser']>().mockResolvedValue(undefined),
    currentSession: vi.fn<IdentityClient['currentSession']>().mockResolvedValue(TEST_SESSION),
    forgetSession: vi.fn<IdentityClient['forgetSession']>().mockResolvedValue(undefined),
  };
}
