import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** A trial site with full defaults; answers its id. */
export async function insertFacility(
  dataSource: DataSource,
  overrides: { name?: string; city?: string; country?: string } = {},
): Promise<number> {
  const [row] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO facility (key, name, city, state, zip, country, lat, lon)
     VALUES ($1, $2, $3, '', '', $4, 52.52, 13.40) RETURNING id`,
    [
      `test-${randomUUID()}`,
      overrides.name ?? 'Charité Universitätsmedizin',
      overrides.city ?? 'Berlin',
      overrides.country ?? 'Germany',
    ],
  );
  return row.id;
}

/** A trial request of an HCP to a site, with full defaults; answers its id. */
export async function insertTrialRequest(
  dataSource: DataSource,
  values: { userId: string; facilityId: number; identifier?: string },
): Promise<string> {
  const [row] = await dataSource.query<{ id: string }[]>(
    `INSERT INTO trial_request (user_id, identifier, nct_id, trial_name, condition, questionnaire,
       facility_id, facility_name, email)
     VALUES ($1, $2, 'NCT01234567', 'A phase 2 study of osimertinib', 'lung_cancer',
       '{"type_of_disease":"lung_cancer"}', $3, 'Charité', 'dr@hospital.example') RETURNING id`,
    [values.userId, values.identifier ?? 'PAT-0001', values.facilityId],
  );
  return row.id;
}
