import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ProductTokenService } from '../../api/src/auth/product-token.service';

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

/** A product user (HCP, or clinops of the given facilities) with a real product token. */
export async function insertUser(
  app: INestApplication,
  ds: DataSource,
  overrides: UserOverrides = {},
): Promise<TestUser> {
  const email = `user.${randomUUID().slice(0, 8)}@hospital.example`;
  const clinops = overrides.clinopsFacilityIds !== undefined;
  const rows: { id: string }[] = await ds.query(
    `INSERT INTO app_user (email, first_name, last_name, language, is_clinops, facility_ids)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      email,
      overrides.firstName ?? 'Ada',
      overrides.lastName ?? 'Meyer',
      overrides.language ?? 'en',
      clinops,
      overrides.clinopsFacilityIds ?? [],
    ],
  );
  const token = await app.get(ProductTokenService).sign({
    sub: rows[0].id,
    email,
    roles: clinops ? ['clinops'] : ['hcp'],
  });
  return { id: rows[0].id, email, token };
}

export interface TestTrial {
  nctId: string;
  title: string;
  /** The facility ids of its sites, in order. */
  facilityIds: number[];
}

let trialCounter = 0;

/** A trial with `sites` sites, each at a facility of its own. */
export async function insertTrial(ds: DataSource, sites = 2): Promise<TestTrial> {
  trialCounter += 1;
  const nctId = `NCT${String(Math.floor(Math.random() * 9e7) + 1e7).slice(0, 8)}`;
  const title = `Study ${trialCounter} of osimertinib in EGFR lung cancer`;
  const trial: { id: number }[] = await ds.query(
    `INSERT INTO trial (nct_id, brief_title, official_title, brief_summary, overall_status,
       study_type, sponsor, conditions, specificity, sex, eligibility_inclusion,
       eligibility_exclusion, raw)
     VALUES ($1, $2, $2, '', 'RECRUITING', 'INTERVENTIONAL', 'Sponsor', '{lung_cancer}',
       'specific', 'ALL', '', '', '{}') RETURNING id`,
    [nctId, title],
  );
  const facilityIds: number[] = [];
  for (let i = 0; i < sites; i++) {
    const name = `Hospital ${randomUUID().slice(0, 6)}`;
    const facility: { id: number }[] = await ds.query(
      `INSERT INTO facility (key, name, city, state, zip, country, lat, lon)
       VALUES ($1, $2, 'Berlin', 'Berlin', '10117', 'Germany', 52.52, 13.4) RETURNING id`,
      [name.toLowerCase(), name],
    );
    await ds.query(
      `INSERT INTO site (trial_id, facility_id, facility_name, city, state, zip, country, status)
       VALUES ($1, $2, $3, 'Berlin', 'Berlin', '10117', 'Germany', 'RECRUITING')`,
      [trial[0].id, facility[0].id, name],
    );
    facilityIds.push(facility[0].id);
  }
  return { nctId, title, facilityIds };
}

/** The contact modal's body for a trial and one of its sites. */
export function requestBody(
  user: TestUser,
  trial: TestTrial,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
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
}
