import request from 'supertest';
import type { App } from 'supertest/types';
import { newAccount, registerUser, type IdentityTokens } from './accounts';
import type { TestApp } from './test-app';

export interface Login {
  token: string;
  refreshToken: string;
  userId: string;
  email: string;
  identity: IdentityTokens;
}

/** The product-session calls of the sessions tests, on the app `app()` returns (or another URL). */
export function sessionCalls(app: () => TestApp) {
  const me = (token: string, http: App | string = app().http): request.Test =>
    request(http).get('/api/hcp/user/me').set('Authorization', `Bearer ${token}`);
  const refresh = (refreshToken: unknown, http: App | string = app().http): request.Test =>
    request(http).post('/api/hcp/refresh_token').send({ refreshToken });
  const logout = (token: string, body: object = {}): request.Test =>
    request(app().http).post('/api/hcp/logout').set('Authorization', `Bearer ${token}`).send(body);
  const loginEmail = (idToken: string, email: string): request.Test =>
    request(app().http)
      .post('/api/hcp/login_email')
      .set('User-Agent', 'Sessions test browser')
      .send({ registerType: 'email', username: email, accessToken: idToken });

  /** A registered user, signed in to the product on one device. */
  async function registered(): Promise<Login & { password: string }> {
    const r = await registerUser(app().http, app().dataSource, newAccount());
    const res = await loginEmail(r.tokens.idToken, r.account.email).expect(200);
    return {
      token: res.body.data.accessToken as string,
      refreshToken: res.body.data.refreshToken as string,
      userId: r.user._id,
      email: r.account.email,
      identity: r.tokens,
      password: r.account.password,
    };
  }

  return { me, refresh, logout, loginEmail, registered };
}
