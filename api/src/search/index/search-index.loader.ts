import type { Pool, PoolClient } from 'pg';
import Cursor from 'pg-cursor';
import type { DataSource } from 'typeorm';
import { type EligibilityRule, CLOSED_SITE_STATUSES } from '@trialflow/contract';
import { SearchIndexBuilder } from './index-builder';
import type { SearchIndex } from './search-index';

const BATCH = 20_000;

const OPEN_TRIAL = `t.overall_status IN ('RECRUITING', 'NOT_YET_RECRUITING')`;
// The same rule as isOpenSiteStatus(), as SQL (constant values, no user input).
const OPEN_SITE = `s.status NOT IN (${[...CLOSED_SITE_STATUSES].map((v) => `'${v}'`).join(', ')})`;

export interface LoadedIndex {
  index: SearchIndex;
  /** trial_store_state.version the index was read at. */
  version: string;
  seconds: number;
}

/** Streams rows in batches through a cursor (array rows: no per-row objects from pg). */
async function stream(
  client: PoolClient,
  sql: string,
  onRow: (row: unknown[]) => void,
): Promise<void> {
  const cursor = client.query(new Cursor<unknown[]>(sql, [], { rowMode: 'array' }));
  try {
    for (;;) {
      const rows = await cursor.read(BATCH);
      if (rows.length === 0) {
        return;
      }
      for (const row of rows) {
        onRow(row);
      }
    }
  } finally {
    await cursor.close();
  }
}

/** The store's change counter, bumped by every import transaction. */
export async function readStoreVersion(dataSource: DataSource): Promise<string> {
  const rows: { version: string }[] = await dataSource.query(
    'SELECT version::text AS version FROM trial_store_state WHERE id = 1',
  );
  return rows[0]?.version ?? '0';
}

/** Reads open trials and their open, located sites from one consistent snapshot. */
export async function loadSearchIndex(dataSource: DataSource): Promise<LoadedIndex> {
  const started = process.hrtime.bigint();
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const client = await pool.connect();
  // A checked-out client has no error listener of the pool's: a server that goes away between
  // two cursor reads (Postgres stopping at shutdown) would otherwise crash the process with an
  // unhandled 'error' event. The pending read fails instead, and the load is retried later.
  let lost: Error | undefined;
  const onError = (error: Error): void => {
    lost = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ v: string }>(
      'SELECT version::text AS v FROM trial_store_state WHERE id = 1',
    );
    const version = rows[0]?.v ?? '0';
    const builder = new SearchIndexBuilder();
    await stream(
      client,
      `SELECT t.id, t.nct_id, t.conditions, t.study_type, t.overall_status, t.phases,
              t.specificity,
              ARRAY(SELECT DISTINCT x->>'treatmentClass'
                    FROM jsonb_array_elements(t.interventions) x) AS classes,
              t.genes, t.start_date::text, t.rules::text
         FROM trial t WHERE ${OPEN_TRIAL} ORDER BY t.id`,
      (r) => {
        builder.addTrial({
          id: r[0] as number,
          nctId: r[1] as string,
          conditions: r[2] as string[],
          studyType: r[3] as string,
          overallStatus: r[4] as string,
          phases: r[5] as string[],
          specificity: r[6] as string,
          treatmentClasses: r[7] as string[],
          genes: r[8] as string[],
          startDate: r[9] as string | null,
          rules: JSON.parse(r[10] as string) as EligibilityRule[],
        });
      },
    );
    await stream(
      client,
      `SELECT s.id, s.trial_id, s.facility_id, s.lat, s.lon
         FROM site s JOIN trial t ON t.id = s.trial_id
        WHERE s.lat IS NOT NULL AND s.lon IS NOT NULL AND ${OPEN_TRIAL} AND ${OPEN_SITE}
        ORDER BY s.trial_id, s.id`,
      (r) => {
        builder.addSite({
          id: r[0] as number,
          trialId: r[1] as number,
          facilityId: r[2] as number,
          lat: r[3] as number,
          lon: r[4] as number,
        });
      },
    );
    await client.query('COMMIT');
    return {
      index: builder.build(),
      version,
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
    };
  } catch (error) {
    if (!lost) {
      await client.query('ROLLBACK').catch(() => undefined);
    }
    throw error;
  } finally {
    client.off('error', onError);
    // A lost connection is destroyed, not handed back to the pool.
    client.release(lost);
  }
}
