import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { User } from '../../api/src/users/user.entity';
import { rememberPersonalData } from '../utils/personal-data';

/**
 * Stores a product user: an English-speaking HCP in Germany with a unique e-mail (every column
 * filled; overrides win). It has no identity account: sign-in goes through test/utils/accounts.
 */
export async function insertUser(ds: DataSource, overrides: Partial<User> = {}): Promise<User> {
  const unique = randomUUID().slice(0, 8);
  const user = await ds.getRepository(User).save({
    email: `hcp-${unique}@example.test`,
    identitySub: null,
    firstName: 'Hanna',
    lastName: 'Weber',
    phoneNumber: '+4930123456',
    country: 'DE',
    institution: 'Charité',
    userSource: 'ancora_hcp',
    registerType: 'email',
    subscribe: false,
    language: 'en',
    isClinops: false,
    facilityIds: [],
    registration: {},
    consentAt: new Date(),
    lastLoginAt: null,
    ...overrides,
  } as User);
  rememberPersonalData('email', user.email);
  rememberPersonalData('name', user.firstName, user.lastName);
  rememberPersonalData('phone', user.phoneNumber);
  return user;
}

/** Turns a product user into clinops staff of these facilities (as `npm run user:create` does). */
export async function makeClinops(
  dataSource: DataSource,
  userId: string,
  facilityIds: number[],
): Promise<void> {
  await dataSource.query('UPDATE app_user SET is_clinops = true, facility_ids = $2 WHERE id = $1', [
    userId,
    facilityIds,
  ]);
}
