import { describe, expect, it, vi } from 'vitest';
import { createMockIdentityClient } from '../testing/mock-identity-client';
import { createLazyIdentityClient, loadIdentityClient } from './load-identity-client';

const cognito = vi.hoisted(() => ({ create: vi.fn() }));
vi.mock('./cognito-identity-client', () => ({ createCognitoIdentityClient: cognito.create }));

describe(loadIdentityClient.name, () => {
  it('should use the built-in provider without loading the Cognito module', async () => {
    const client = await loadIdentityClient({ kind: 'local' });
    expect(client.kind).toBe('local');
    expect(cognito.create).not.toHaveBeenCalled();
  });

  it('should load the Cognito client with the configured user pool', async () => {
    const settings = { region: 'eu-central-1', userPoolId: 'eu-central-1_X', clientId: 'c' };
    cognito.create.mockReturnValue(createMockIdentityClient('cognito'));

    const client = await loadIdentityClient({ kind: 'cognito', cognito: settings });

    expect(cognito.create).toHaveBeenCalledWith(settings);
    expect(client.kind).toBe('cognito');
  });
});

describe(createLazyIdentityClient.name, () => {
  it('should load the real client once, on the first call', async () => {
    const real = createMockIdentityClient();
    const load = vi.fn().mockResolvedValue(real);
    const lazy = createLazyIdentityClient('local', load);
    expect(load).not.toHaveBeenCalled();

    await lazy.resendCode('a@b.co', 'de');
    await lazy.signOut();

    expect(load).toHaveBeenCalledTimes(1);
    expect(real.resendCode).toHaveBeenCalledWith('a@b.co', 'de');
    expect(real.signOut).toHaveBeenCalled();
  });

  it('should retry the load after a failure and report it as a network error', async () => {
    const real = createMockIdentityClient();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(real);
    const lazy = createLazyIdentityClient('cognito', load);

    await expect(lazy.signOut()).rejects.toMatchObject({ message: 'Network Error' });
    await lazy.signOut();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
