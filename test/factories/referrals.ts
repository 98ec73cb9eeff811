import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ProductTokenService } from '../../api/src/auth/product-token.service';
import { SessionsService } from '../../api/src/sessions/sessions.service';
import { insertSite, insertTrial as insertTrialRow } from './trials';
import { rememberPersonalData } from '../utils/personal-data';
import { insertUser as insertUserRow } from './users';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

export interface UserOverrides {
  firstName?: string;
  lastName?: string;
  language?: 'en' | 'es' | 'de';
  clinopsFacilityIds?: number[];
}

/**
 * A product user (HCP, or clinops of the given facilities) with a real product token of a real
 * server-side session.
 */
export async function insertUser(
  app: INestApplication,
  ds: DataSource,
  overrides: UserOverrides = {},
): Promise<TestUser> {
  const clinops = overrides.clinopsFacilityIds !== undefined;
  const { id, email } = await insertUserRow(ds, {
    email: `user.${randomUUID().slice(0, 8)}@hospital.example`,
    firstName: overrides.firstName ?? 'Ada',
    lastName: overrides.lastName ?? 'Meyer',
    language: overrides.language ?? 'en',
    isClinops: clinops,
    facilityIds: overrides.clinopsFacilityIds ?? [],
  });
  const { session } = await app.get(SessionsService).start(id, 'test factory');
  const token = await app.get(ProductTokenService).sign({
    sub: id,
    email,
    roles: clinops ? ['clinops'] : ['hcp'],
    sid: session.id,
  });
  return { id, email, token };
}

export interface TestTrial {
  nctId: string;
  title: string;
  /** The facility ids of its sites, in order. */
  facilityIds: number[];
}

let trialCounter = 0;

/** A trial with `sites` sites in Berlin, each at a facility of its own. */
export async function insertTrial(ds: DataSource, sites = 2): Promise<TestTrial> {
  trialCounter += 1;
  const title = `Study ${trialCounter} of osimertinib in EGFR lung cancer`;
  const trial = await insertTrialRow(ds, { briefTitle: title, officialTitle: title });
  const facilityIds: number[] = [];
  for (let i = 0; i < sites; i++) {
    const site = await insertSite(ds, {
      trialId: trial.id,
      facilityName: `Hospital ${randomUUID().slice(0, 6)}`,
    });
    facilityIds.push(site.facilityId);
  }
  return { nctId: trial.nctId, title, facilityIds };
}

/** The contact modal's body for a trial and one of its sites. */
export function requestBody(
  user: TestUser,
  trial: TestTrial,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    userId: user.id,
    identifier: 'PAT-0042',
    trialId: trial.nctId,
    trialName: trial.title,
    questionnaire: { type_of_disease: 'lung_cancer', age: 61, egfr: 'yes' },
    phoneNumber: '+4930123456',
    country: 'DE',
    selectedLocation: { facility_id: trial.facilityIds[0] },
    consent: true,
    ...overrides,
  };
  rememberPersonalData('patient identifier', body.identifier);
  rememberPersonalData('phone', body.phoneNumber);
  return body;
}
