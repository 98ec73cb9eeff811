import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { IdentityTokenVerifier } from '../api/src/auth/identity-token-verifier';
import { decodePayload } from './factories/jwt';
import { newAccount, productSignup, uniqueEmail } from './utils/accounts';
import { FAST_CAPTCHA_ENV, solveCaptcha } from './utils/captcha';
import { startCognitoLocal, type CognitoLocal } from './utils/cognito-local';
import { createTestApp, TestApp } from './utils/test-app';

const PASSWORD = 'Cognito-pass-1';
const INVALID_IDENTITY = 'The identity token is not valid. Please sign in again.';

interface CognitoTokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
}

describe(IdentityTokenVerifier.name, () => {
  let cognito: CognitoLocal;
  let t: TestApp;
  let poolId: string;
  let clientId: string;
  let otherClientId: string;
  let otherPool: { poolId: string; clientId: string };

  const createPool = async (name: string): Promise<{ poolId: string; clientId: string }> => {
    const pool = await cognito.call<{ UserPool: { Id: string } }>('CreateUserPool', {
      PoolName: name,
    });
    const client = await cognito.call<{ UserPoolClient: { ClientId: string } }>(
      'CreateUserPoolClient',
      { UserPoolId: pool.UserPool.Id, ClientName: `${name}-web` },
    );
    return { poolId: pool.UserPool.Id, clientId: client.UserPoolClient.ClientId };
  };

  /** Signs up, confirms and signs in a user of a pool, as the web app and the pool would. */
  const cognitoUser = async (
    pool: { poolId: string; clientId: string },
    email: string,
    options: { verified?: boolean; signInClientId?: string } = {},
  ): Promise<CognitoTokens> => {
    await cognito.call('SignUp', {
      ClientId: pool.clientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Rosalind' },
        { Name: 'family_name', Value: 'Franklin' },
      ],
    });
    await cognito.call('AdminConfirmSignUp', { UserPoolId: pool.poolId, Username: email });
    if (options.verified ?? true) {
      // AWS sets email_verified when the code is confirmed; cognito-local does not, so the
      // test does what the real pool would.
      await cognito.call('AdminUpdateUserAttributes', {
        UserPoolId: pool.poolId,
        Username: email,
        // cognito-local wants the address in the same call as its verification flag.
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
    }
    const auth = await cognito.call<{ AuthenticationResult: CognitoTokens }>('InitiateAuth', {
      ClientId: options.signInClientId ?? pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    return auth.AuthenticationResult;
  };

  const loginEmail = (idToken: string, email: string): request.Test =>
    request(t.http)
      .post('/api/hcp/login_email')
      .send({ registerType: 'email', username: email, accessToken: idToken });

  beforeAll(async () => {
    cognito = await startCognitoLocal();
    const main = await createPool('trialflow');
    poolId = main.poolId;
    clientId = main.clientId;
    otherClientId = (
      await cognito.call<{ UserPoolClient: { ClientId: string } }>('CreateUserPoolClient', {
        UserPoolId: poolId,
        ClientName: 'another-app',
      })
    ).UserPoolClient.ClientId;
    otherPool = await createPool('another-pool');
    t = await createTestApp({
      ...FAST_CAPTCHA_ENV,
      IDENTITY_PROVIDER: 'cognito',
      COGNITO_ENDPOINT: cognito.endpoint,
      COGNITO_USER_POOL_ID: poolId,
      COGNITO_CLIENT_ID: clientId,
      COGNITO_REGION: 'eu-central-1',
    });
  });

  afterAll(async () => {
    await t?.close();
    await cognito?.stop();
  });

  it('should tell the web app to use the Cognito pool', async () => {
    const res = await request(t.http).get('/api/config').expect(200);
    expect(res.body.identityProvider).toEqual({
      kind: 'cognito',
      cognito: { region: 'eu-central-1', userPoolId: poolId, clientId, endpoint: cognito.endpoint },
    });
  });

  it('should register, then log in with the ID token of cognito-local', async () => {
    const account = newAccount({ firstName: 'Ada', lastName: 'Lovelace' });
    const captcha = await solveCaptcha(t.http);
    const signup = await productSignup(t.http, account, captcha, { institution: 'Analytical' });
    expect(signup.status).toBe(200);
    const tokens = await cognitoUser({ poolId, clientId }, account.email);
    expect(decodePayload(tokens.IdToken)).toMatchObject({
      iss: `${cognito.endpoint}/${poolId}`,
      aud: clientId,
      token_use: 'id',
      email_verified: true,
    });

    const res = await loginEmail(tokens.IdToken, account.email).expect(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      _id: signup.body.data.user._id,
      email: account.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      institution: 'Analytical',
    });
    const me = await request(t.http)
      .get('/api/hcp/user/me')
      .set('Authorization', `Bearer ${res.body.data.accessToken}`)
      .expect(200);
    expect(me.body.user._id).toBe(signup.body.data.user._id);
    const rows: { identity_sub: string }[] = await t.dataSource.query(
      'SELECT identity_sub FROM app_user WHERE email = $1',
      [account.email],
    );
    expect(rows[0].identity_sub).toBe(decodePayload(tokens.IdToken).sub);
  });

  it('should make the product user from a Cognito token at the first login', async () => {
    const email = uniqueEmail('cognito');
    const tokens = await cognitoUser({ poolId, clientId }, email);
    expect(decodePayload(tokens.IdToken).given_name).toBeUndefined();
    const res = await loginEmail(tokens.IdToken, email).expect(200);
    // cognito-local leaves the names out of its ID tokens (AWS puts them in): the first name
    // falls back to the address's local part.
    expect(res.body.data.user).toMatchObject({
      email,
      firstName: email.split('@')[0],
      lastName: '',
      type: 'hcp',
    });
  });

  it('should answer 401 to a token of another pool', async () => {
    const email = uniqueEmail('other-pool');
    const tokens = await cognitoUser(otherPool, email);
    const res = await loginEmail(tokens.IdToken, email).expect(401);
    expect(res.body.message).toBe(INVALID_IDENTITY);
  });

  it('should answer 401 to a token made for another client of the pool', async () => {
    const email = uniqueEmail('other-client');
    const tokens = await cognitoUser({ poolId, clientId }, email, {
      signInClientId: otherClientId,
    });
    expect(decodePayload(tokens.IdToken).aud).toBe(otherClientId);
    await loginEmail(tokens.IdToken, email).expect(401);
  });

  it('should answer 401 to the access token and to an unverified e-mail', async () => {
    const email = uniqueEmail('unverified');
    const unverified = await cognitoUser({ poolId, clientId }, email, { verified: false });
    expect(decodePayload(unverified.IdToken).email_verified).toBe(false);
    await loginEmail(unverified.IdToken, email).expect(401);
    await loginEmail(unverified.AccessToken, email).expect(401);
    const rows: unknown[] = await t.dataSource.query('SELECT id FROM app_user WHERE email = $1', [
      email,
    ]);
    expect(rows).toEqual([]);
  });

  it('should still log in a real user after a burst of tokens with unknown key ids', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = Array.from({ length: 15 }, (_, i) =>
      jwt.sign(
        { token_use: 'id', email: `x${i}@forged.example`, email_verified: true },
        privateKey.export({ type: 'pkcs8', format: 'pem' }),
        {
          algorithm: 'RS256',
          keyid: `forged-${i}-${Date.now()}`,
          issuer: `${cognito.endpoint}/${poolId}`,
          audience: clientId,
          subject: `forged-${i}`,
          expiresIn: 600,
        },
      ),
    );
    for (const [i, token] of forged.entries()) {
      await loginEmail(token, `x${i}@forged.example`).expect(401);
    }
    const email = uniqueEmail('after-burst');
    const tokens = await cognitoUser({ poolId, clientId }, email);
    await loginEmail(tokens.IdToken, email).expect(200);
  });

  it('should end the sessions and refuse older ID tokens after a product sign-out everywhere', async () => {
    const email = uniqueEmail('signed-out');
    const tokens = await cognitoUser({ poolId, clientId }, email);
    const login = await loginEmail(tokens.IdToken, email).expect(200);
    const productToken = login.body.data.accessToken as string;
    // Cognito's iat has whole seconds: the sign-out happens in a later second than the token.
    await new Promise((r) => setTimeout(r, 1100));
    await request(t.http)
      .post('/api/hcp/logout')
      .set('Authorization', `Bearer ${productToken}`)
      .send({ everywhere: true })
      .expect(204);
    await request(t.http)
      .get('/api/hcp/user/me')
      .set('Authorization', `Bearer ${productToken}`)
      .expect(401);
    // Cognito never heard of that sign-out; its ID token is still valid for an hour.
    const stale = await loginEmail(tokens.IdToken, email).expect(401);
    expect(stale.body.message).toBe(
      'This sign-in has ended (signed out since). Please sign in again.',
    );
    const again = await cognito.call<{ AuthenticationResult: { IdToken: string } }>(
      'InitiateAuth',
      {
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD },
      },
    );
    await loginEmail(again.AuthenticationResult.IdToken, email).expect(200);
  });
});
