import request from 'supertest';
import { IdentityService } from '../api/src/identity/identity.service';
import { newAccount, registerAndConfirm, signIn } from './utils/accounts';
import { createTestApp, TestApp } from './utils/test-app';

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';

/**
 * The sign-in lock: per account and address first (SIGN_IN_LOCK_ATTEMPTS, 5), the whole account
 * only at a much higher count (SIGN_IN_GLOBAL_LOCK_ATTEMPTS; 100 by default, 12 here so the
 * test stays short). The app trusts the loopback proxy, so X-Forwarded-For names the caller.
 */
describe(`${IdentityService.name} sign-in lock`, () => {
  let t: TestApp;
  const GLOBAL = 12;

  const signInFrom = (address: string, email: string, password: string) =>
    request(t.http)
      .post('/api/identity/sign-in')
      .set('X-Forwarded-For', address)
      .send({ email, password });

  const confirmed = async () => {
    const account = newAccount();
    await registerAndConfirm(t.http, t.dataSource, account);
    return account;
  };

  beforeAll(async () => {
    t = await createTestApp({ SIGN_IN_GLOBAL_LOCK_ATTEMPTS: String(GLOBAL) });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should lock a guessing address out, but not the owner at another address', async () => {
    const { email, password } = await confirmed();
    for (let i = 1; i <= 5; i++) {
      await signInFrom(ATTACKER, email, `wrong-password-${i}`).expect(401);
    }
    const locked = await signInFrom(ATTACKER, email, password).expect(429);
    expect(locked.body).toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    // The owner, from their own address, signs in while the attacker stays locked out.
    const owner = await signInFrom(OWNER, email, password).expect(200);
    expect(owner.body.tokens.accessToken).toEqual(expect.any(String));
    await signInFrom(ATTACKER, email, password).expect(429);
  });

  it('should not count attempts refused by the address lock against the account', async () => {
    const { email, password } = await confirmed();
    for (let i = 0; i < 5; i++) {
      await signInFrom(ATTACKER, email, 'wrong-password').expect(401);
    }
    // Hammering on from a locked address never reaches the global threshold.
    for (let i = 0; i < GLOBAL + 3; i++) {
      await signInFrom(ATTACKER, email, 'wrong-password').expect(429);
    }
    await signInFrom(OWNER, email, password).expect(200);
  });

  it('should lock the account everywhere once many addresses together pass the higher threshold', async () => {
    const { email, password } = await confirmed();
    // Four wrong passwords from each of three addresses: no pair is locked, the account is.
    for (const address of ['203.0.113.70', '203.0.113.71', '203.0.113.72']) {
      for (let i = 0; i < 4; i++) {
        await signInFrom(address, email, 'wrong-password').expect(401);
      }
    }
    const locked = await signInFrom(OWNER, email, password).expect(429);
    expect(locked.body.message).toBe('Password attempts exceeded');
    await signInFrom('203.0.113.73', email, password).expect(429);
    // Once the lock time is over, the right password works again.
    await t.dataSource.query(
      "UPDATE identity_user SET locked_until = now() - interval '1 second' WHERE email = $1",
      [email],
    );
    await signIn(t.http, email, password);
  });
});
