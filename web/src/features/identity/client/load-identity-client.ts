import type { IdentityProviderConfigDto } from '@/api/types.gen';
import { IDENTITY_MESSAGES, IdentityClient, IdentityError } from './identity-client';
import { createLocalIdentityClient } from './local-identity-client';

/**
 * The configured provider. Cognito's client (and Amplify with it) is fetched with a dynamic
 * import() only when the configuration names Cognito, on first use.
 */
export async function loadIdentityClient(
  config: IdentityProviderConfigDto,
): Promise<IdentityClient> {
  if (config.kind === 'cognito') {
    if (!config.cognito) {
      throw new IdentityError(IDENTITY_MESSAGES.authenticationError, 'InvalidConfiguration');
    }
    const { createCognitoIdentityClient } = await import('./cognito-identity-client');
    return createCognitoIdentityClient(config.cognito);
  }
  return createLocalIdentityClient();
}

type Method = Exclude<keyof IdentityClient, 'kind'>;

/**
 * An IdentityClient that loads the real one on its first call, so screens can hold it
 * synchronously. A failed load (e.g. the chunk could not be fetched) is retried on the next call.
 */
export function createLazyIdentityClient(
  kind: IdentityClient['kind'],
  load: () => Promise<IdentityClient>,
): IdentityClient {
  let loading: Promise<IdentityClient> | null = null;
  const client = (): Promise<IdentityClient> => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error instanceof IdentityError
        ? error
        : new IdentityError(IDENTITY_MESSAGES.network, 'NetworkError');
    });
    return loading;
  };
  const forward =
    <M extends Method>(method: M) =>
    async (
      ...args: Parameters<IdentityClient[M]>
    ): Promise<Awaited<ReturnType<IdentityClient[M]>>> => {
      const real = await client();
      const fn = real[method] as (
        ...a: Parameters<IdentityClient[M]>
      ) => Promise<Awaited<ReturnType<IdentityClient[M]>>>;
      return fn.apply(real, args);
    };
  return {
    kind,
    signUp: forward('signUp'),
    confirmSignUp: forward('confirmSignUp'),
    resendCode: forward('resendCode'),
    signIn: forward('signIn'),
    completeNewPassword: forward('completeNewPassword'),
    forgotPassword: forward('forgotPassword'),
    forgotPasswordSubmit: forward('forgotPasswordSubmit'),
    changePassword: forward('changePassword'),
    signOut: forward('signOut'),
    deleteUser: forward('deleteUser'),
    currentSession: forward('currentSession'),
    forgetSession: forward('forgetSession'),
  };
}
