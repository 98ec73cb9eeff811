import type { DataSource } from 'typeorm';
import { facilityKey } from '../../api/src/trials/ctgov/ctgov-record';
import { Facility } from '../../api/src/facilities/facility.entity';
import { Site } from '../../api/src/trials/site.entity';
import { Trial } from '../../api/src/trials/trial.entity';

let sequence = 0;
/** A fresh NCT id per call and test process: NCT9 + 7 digits, never a real registry id. */
const nextNctId = (): string =>
  `NCT9${String((process.pid % 1000) * 10_000 + ++sequence).padStart(7, '0')}`;

/**
 * Stores an open, interventional lung-cancer trial (every column filled; overrides win) and
 * moves the store version, as an import does, so search indexes rebuild. No sites: insertSite.
 */
export async function insertTrial(ds: DataSource, overrides: Partial<Trial> = {}): Promise<Trial> {
  const nctId = overrides.nctId ?? nextNctId();
  const trial = await ds.getRepository(Trial).save({
    nctId,
    briefTitle: `A factory trial ${nctId}`,
    officialTitle: `A phase 2 study of a factory drug in ${nctId}`,
    briefSummary: 'A trial made by the test factory.',
    overallStatus: 'RECRUITING',
    studyType: 'INTERVENTIONAL',
    phases: ['PHASE2'],
    startDate: '2026-01-15',
    lastUpdateDate: '2026-06-01',
    sponsor: 'Factory Sponsor',
    conditions: ['lung_cancer'],
    specificity: 'specific',
    interventions: [{ type: 'DRUG', name: 'Factorimab', treatmentClass: 'Targeted Therapy' }],
    genes: [],
    minimumAgeYears: 18,
    maximumAgeYears: null,
    sex: 'ALL',
    eligibilityInclusion: 'Adults with non-small cell lung cancer.',
    eligibilityExclusion: 'Pregnancy.',
    rules: [],
    raw: { protocolSection: { identificationModule: { nctId } } },
    sourceVersion: '2026-06-01',
    ...overrides,
  } as Trial);
  await bumpStoreVersion(ds);
  return trial;
}

/**
 * Stores a recruiting site in Berlin with exact coordinates (every column filled; overrides
 * win). Without trialId it makes a trial (insertTrial), without facilityId the facility of its
 * name, city and country.
 */
export async function insertSite(ds: DataSource, overrides: Partial<Site> = {}): Promise<Site> {
  const trialId = overrides.trialId ?? (await insertTrial(ds)).id;
  const site = {
    facilityName: 'Charité – Universitätsmedizin Berlin',
    city: 'Berlin',
    state: 'Berlin',
    zip: '10117',
    country: 'Germany',
    status: 'RECRUITING',
    contacts: [],
    lat: 52.52437,
    lon: 13.41053,
    approximateLocation: false,
    ...overrides,
    trialId,
  };
  const facilityId = overrides.facilityId ?? (await ensureFacility(ds, site));
  const saved = await ds.getRepository(Site).save({ ...site, facilityId } as Site);
  await bumpStoreVersion(ds);
  return saved;
}

/** The facility of a site's name, city and country, made when missing (as the import does). */
async function ensureFacility(
  ds: DataSource,
  s: Pick<Site, 'facilityName' | 'city' | 'state' | 'zip' | 'country' | 'lat' | 'lon'>,
): Promise<number> {
  const key = facilityKey({ facility: s.facilityName, city: s.city, country: s.country });
  const repo = ds.getRepository(Facility);
  const found = await repo.findOneBy({ key });
  if (found) {
    return found.id;
  }
  const { id } = await repo.save({
    key,
    name: s.facilityName,
    city: s.city,
    state: s.state,
    zip: s.zip,
    country: s.country,
    lat: s.lat,
    lon: s.lon,
  });
  return id;
}

async function bumpStoreVersion(ds: DataSource): Promise<void> {
  await ds.query(
    'UPDATE trial_store_state SET version = version + 1, changed_at = now() WHERE id = 1',
  );
}
