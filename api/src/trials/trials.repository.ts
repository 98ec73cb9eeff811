import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { FacilitiesRepository } from '../facilities/facilities.repository';
import { facilityKey, type TrialData } from './ctgov/ctgov-record';
import { Trial } from './trial.entity';

export interface StoredVersion {
  nctId: string;
  lastUpdateDate: string | null;
  sourceVersion: string | null;
}

/**
 * The trial columns an import writes (everything but the ids and timestamps): property, column
 * and the SQL type jsonb_to_recordset reads it as.
 */
const TRIAL_COLUMNS = [
  ['nctId', 'nct_id', 'varchar'],
  ['briefTitle', 'brief_title', 'text'],
  ['officialTitle', 'official_title', 'text'],
  ['briefSummary', 'brief_summary', 'text'],
  ['overallStatus', 'overall_status', 'varchar'],
  ['studyType', 'study_type', 'varchar'],
  ['phases', 'phases', 'text[]'],
  ['startDate', 'start_date', 'date'],
  ['lastUpdateDate', 'last_update_date', 'date'],
  ['sponsor', 'sponsor', 'text'],
  ['conditions', 'conditions', 'text[]'],
  ['specificity', 'specificity', 'varchar'],
  ['interventions', 'interventions', 'jsonb'],
  ['genes', 'genes', 'text[]'],
  ['minimumAgeYears', 'minimum_age_years', 'numeric'],
  ['maximumAgeYears', 'maximum_age_years', 'numeric'],
  ['sex', 'sex', 'varchar'],
  ['eligibilityInclusion', 'eligibility_inclusion', 'text'],
  ['eligibilityExclusion', 'eligibility_exclusion', 'text'],
  ['rules', 'rules', 'jsonb'],
  ['raw', 'raw', 'json'],
  ['sourceVersion', 'source_version', 'varchar'],
] as const satisfies readonly (readonly [keyof TrialData & keyof Trial, string, string])[];

/**
 * One statement for a whole batch: the rows travel as one JSON document (the raw records are
 * jsonb already), are inserted or updated by NCT id, and their ids come back.
 */
const UPSERT_TRIALS_SQL = `
  INSERT INTO trial (${TRIAL_COLUMNS.map(([, c]) => c).join(', ')})
  SELECT ${TRIAL_COLUMNS.map(([, c]) => c).join(', ')}
    FROM json_to_recordset($1::json)
      AS r(${TRIAL_COLUMNS.map(([, c, type]) => `${c} ${type}`).join(', ')})
  ON CONFLICT (nct_id) DO UPDATE SET
    ${TRIAL_COLUMNS.filter(([p]) => p !== 'nctId')
      .map(([, c]) => `${c} = EXCLUDED.${c}`)
      .join(', ')},
    updated_at = now()
  RETURNING id, nct_id`;

function trialRow(t: TrialData): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [property, column] of TRIAL_COLUMNS) {
    row[column] = t[property];
  }
  return row;
}

@Injectable()
export class TrialsRepository {
  constructor(
    @InjectRepository(Trial) private readonly repo: Repository<Trial>,
    private readonly facilities: FacilitiesRepository,
  ) {}

  countAll(): Promise<number> {
    return this.repo.count();
  }

  /** The extraction version the stored rules were read with (0: not known). */
  async rulesEngineVersion(): Promise<number> {
    const rows: { v: number }[] = await this.repo.query(
      'SELECT rules_engine AS v FROM trial_store_state WHERE id = 1',
    );
    return rows[0]?.v ?? 0;
  }

  async setRulesEngineVersion(version: number): Promise<void> {
    await this.repo.query('UPDATE trial_store_state SET rules_engine = $1 WHERE id = 1', [version]);
  }

  findByNctId(nctId: string): Promise<Trial | null> {
    return this.repo.findOneBy({ nctId });
  }

  /** Every stored trial's raw record and rules, in id order, a batch at a time. */
  async *rawBatches(
    size: number,
  ): AsyncGenerator<{ id: number; raw: Record<string, unknown>; rules: unknown }[]> {
    let after = 0;
    for (;;) {
      const rows: { id: number; raw: Record<string, unknown>; rules: unknown }[] =
        await this.repo.query(
          'SELECT id, raw, rules FROM trial WHERE id > $1 ORDER BY id LIMIT $2',
          [after, size],
        );
      if (rows.length === 0) {
        return;
      }
      yield rows;
      after = rows[rows.length - 1].id;
    }
  }

  /** Replaces some trials' rules (and moves the store version so search indexes rebuild). */
  async updateRules(updates: { id: number; rules: unknown }[]): Promise<void> {
    if (updates.length === 0) {
      return;
    }
    await this.repo.manager.transaction(async (tx) => {
      await tx.query(
        `UPDATE trial t SET rules = u.rules, updated_at = now()
           FROM unnest($1::int[], $2::jsonb[]) AS u(id, rules) WHERE t.id = u.id`,
        [updates.map((u) => u.id), updates.map((u) => JSON.stringify(u.rules))],
      );
      await tx.query(
        'UPDATE trial_store_state SET version = version + 1, changed_at = now() WHERE id = 1',
      );
    });
  }

  /** What the import compares to decide new, updated or unchanged. */
  findVersionsByNctIds(nctIds: string[]): Promise<StoredVersion[]> {
    return this.repo
      .createQueryBuilder('t')
      .select('t.nct_id', 'nctId')
      .addSelect('t.last_update_date::text', 'lastUpdateDate')
      .addSelect('t.source_version', 'sourceVersion')
      .where('t.nct_id = ANY(:nctIds)', { nctIds })
      .getRawMany<StoredVersion>();
  }

  /**
   * Inserts or updates these trials (by NCT id) and replaces their sites, in one transaction:
   * a failure leaves every trial of the batch as it was.
   */
  async upsertWithSites(trials: TrialData[]): Promise<void> {
    if (trials.length === 0) {
      return;
    }
    await this.repo.manager.transaction(async (tx) => {
      // An import can be run again (it is idempotent): a crash may lose its last commits, not
      // corrupt them, so it need not wait for each commit to reach the disk.
      await tx.query('SET LOCAL synchronous_commit = off');
      const facilityIds = await this.facilities.ensureIdsByKey(
        trials.flatMap((t) =>
          t.sites.map((s) => ({
            key: facilityKey(s),
            name: s.facility,
            city: s.city,
            state: s.state,
            zip: s.zip,
            country: s.country,
            lat: s.lat,
            lon: s.lon,
          })),
        ),
        tx,
      );
      const rows: { id: number; nct_id: string }[] = await tx.query(UPSERT_TRIALS_SQL, [
        JSON.stringify(trials.map(trialRow)),
      ]);
      const ids = new Map(rows.map((r) => [r.nct_id, r.id]));
      const trialIds = [...ids.values()];
      await tx.query('DELETE FROM site WHERE trial_id = ANY($1::int[])', [trialIds]);
      await tx.query(
        'UPDATE trial_store_state SET version = version + 1, changed_at = now() WHERE id = 1',
      );
      const sites = trials.flatMap((t) =>
        t.sites.map((s) => ({
          ...s,
          trialId: ids.get(t.nctId)!,
          facilityId: facilityIds.get(facilityKey(s))!,
        })),
      );
      if (sites.length === 0) {
        return;
      }
      await tx.query(
        `INSERT INTO site (trial_id, facility_id, facility_name, city, state, zip, country, status,
                           contacts, lat, lon, approximate_location)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[],
                              $6::text[], $7::text[], $8::text[], $9::jsonb[], $10::float8[],
                              $11::float8[], $12::bool[])`,
        [
          sites.map((s) => s.trialId),
          sites.map((s) => s.facilityId),
          sites.map((s) => s.facility),
          sites.map((s) => s.city),
          sites.map((s) => s.state),
          sites.map((s) => s.zip),
          sites.map((s) => s.country),
          sites.map((s) => s.status),
          sites.map((s) => JSON.stringify(s.contacts)),
          sites.map((s) => s.lat),
          sites.map((s) => s.lon),
          sites.map((s) => s.approximateLocation === true),
        ],
      );
    });
  }
}
