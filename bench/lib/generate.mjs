// Synthetic trials in SQL: clones of the real (imported) trials under new NCT ids (NCT9nnnnnnn),
// every trial column copied generically (information_schema), so new columns keep working.
// Clones are open (80 % RECRUITING, 20 % NOT_YET_RECRUITING) and keep their source's conditions;
// each gets as many sites as its source (at most 50), each at a random facility of a synthetic
// pool spread over real cities of Europe and the US (jittered up to 25 km).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { FACILITY_CITIES, jitter, prng } from './cities.mjs';

const GEN_PREFIX = 'NCT9';
const MAX_SITES = 50;

const ident = (name) => `"${name.replace(/"/g, '""')}"`;

export class Generator {
  constructor(url, log) {
    this.url = url;
    this.log = log;
  }

  async connect() {
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
    const q = (sql) => this.client.query(sql);
    await q('SET synchronous_commit = off');
    await q(`SET maintenance_work_mem = '1GB'`);
    await q(`SET work_mem = '256MB'`);
    // Same data every run.
    await q('SELECT setseed(0.4242)');
  }

  async close() {
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  q(sql, params) {
    return this.client.query(sql, params);
  }

  /** The synthetic facility pool, once: `count` facilities spread evenly over the cities. */
  async createFacilities(count) {
    const rand = prng(7);
    const rows = { key: [], name: [], city: [], state: [], zip: [], country: [], lat: [], lon: [] };
    for (let i = 0; i < count; i++) {
      const city = FACILITY_CITIES[i % FACILITY_CITIES.length];
      const at = jitter(rand, city.lat, city.lon, 25);
      const name = `Bench Oncology Center ${String(i + 1).padStart(5, '0')}`;
      rows.key.push(`${name}|${city.name}|${city.country}`.toLowerCase());
      rows.name.push(name);
      rows.city.push(city.name);
      rows.state.push(city.state);
      rows.zip.push('');
      rows.country.push(city.country);
      rows.lat.push(at.lat);
      rows.lon.push(at.lon);
    }
    const inserted = await this.q(
      `INSERT INTO facility (key, name, city, state, zip, country, lat, lon)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                            $6::text[], $7::float8[], $8::float8[])
       RETURNING id`,
      [rows.key, rows.name, rows.city, rows.state, rows.zip, rows.country, rows.lat, rows.lon],
    );
    this.facilityIds = inserted.rows.map((r) => r.id).sort((a, b) => a - b);
    const min = this.facilityIds[0];
    const max = this.facilityIds[this.facilityIds.length - 1];
    if (max - min + 1 !== this.facilityIds.length) {
      throw new Error('The synthetic facility ids are not contiguous');
    }
    this.facilityMin = min;
  }

  /** The columns of trial and what each clone gets in it. */
  async trialColumns() {
    const { rows } = await this.q(
      `SELECT column_name, column_default, is_identity, is_generated
         FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'trial'
        ORDER BY ordinal_position`,
    );
    const columns = [];
    for (const c of rows) {
      if (c.column_name === 'id' || c.is_identity === 'YES' || c.is_generated === 'ALWAYS') {
        continue;
      }
      let expr;
      switch (c.column_name) {
        case 'nct_id':
          expr = `'${GEN_PREFIX}' || lpad(g.n::text, 7, '0')`;
          break;
        case 'overall_status':
          // n·7 mod 10 runs through every digit: exactly 80 % / 20 %.
          expr = `CASE WHEN (g.n * 7) % 10 < 8 THEN 'RECRUITING' ELSE 'NOT_YET_RECRUITING' END`;
          break;
        case 'created_at':
        case 'updated_at':
          expr = 'now()';
          break;
        default:
          expr = `t.${ident(c.column_name)}`;
      }
      columns.push({ name: c.column_name, expr });
    }
    return columns;
  }

  /** Grows the store to `target` trials. Returns timings and counts. */
  async growTo(target) {
    const started = performance.now();
    const current = Number((await this.q('SELECT count(*)::int AS n FROM trial')).rows[0].n);
    const need = target - current;
    if (need <= 0) {
      this.log(`Generation: the store already holds ${current} trials`);
      return { seconds: 0, added: 0, sites: 0 };
    }
    // The sources: the real trials, numbered 0…S-1, with their site counts (capped).
    await this.q('DROP TABLE IF EXISTS bench_src');
    await this.q(
      `CREATE TEMP TABLE bench_src AS
       SELECT t.id, (row_number() OVER (ORDER BY t.id) - 1)::int AS rn,
              LEAST(${MAX_SITES}, (SELECT count(*) FROM site s WHERE s.trial_id = t.id))::int AS nsites
         FROM trial t WHERE t.nct_id NOT LIKE '${GEN_PREFIX}%'`,
    );
    const sources = Number((await this.q('SELECT count(*)::int AS n FROM bench_src')).rows[0].n);
    if (sources === 0) {
      throw new Error('No real trials to clone from');
    }
    const from =
      Number(
        (
          await this.q(
            `SELECT COALESCE(max(substr(nct_id, 5)::int), 0) AS n FROM trial
              WHERE nct_id LIKE '${GEN_PREFIX}%'`,
          )
        ).rows[0].n,
      ) + 1;
    const to = from + need - 1;
    const columns = await this.trialColumns();

    await this.q('BEGIN');
    // Bulk load: the FK triggers are skipped (every id used exists by construction) and the
    // site indexes are dropped and rebuilt, both far faster than row by row.
    const superuser = (await this.q('SELECT rolsuper FROM pg_roles WHERE rolname = current_user'))
      .rows[0]?.rolsuper;
    if (superuser) {
      await this.q('SET LOCAL session_replication_role = replica');
    }
    const indexes = (
      await this.q(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
          WHERE i.schemaname = current_schema() AND i.tablename = 'site'
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      )
    ).rows;
    for (const i of indexes) {
      await this.q(`DROP INDEX ${ident(i.indexname)}`);
    }

    let t0 = performance.now();
    await this.q('DROP TABLE IF EXISTS bench_new');
    await this.q('CREATE TEMP TABLE bench_new (trial_id int, n int)');
    await this.q(
      `WITH ins AS (
         INSERT INTO trial (${columns.map((c) => ident(c.name)).join(', ')})
         SELECT ${columns.map((c) => c.expr).join(', ')}
           FROM generate_series(${from}, ${to}) AS g(n)
           JOIN bench_src s ON s.rn = g.n % ${sources}
           JOIN trial t ON t.id = s.id
         RETURNING id, nct_id)
       INSERT INTO bench_new SELECT id, substr(nct_id, 5)::int FROM ins`,
    );
    const trialMs = performance.now() - t0;

    t0 = performance.now();
    const sites = await this.q(
      `WITH plan AS MATERIALIZED (
         SELECT b.trial_id,
                ${this.facilityMin} + floor(random() * ${this.facilityIds.length})::int AS fid,
                random() < 0.5 AS open_unknown
           FROM bench_new b
           JOIN bench_src s ON s.rn = b.n % ${sources}
           CROSS JOIN LATERAL generate_series(1, s.nsites) k)
       INSERT INTO site (trial_id, facility_id, facility_name, city, state, zip, country, status,
                         contacts, lat, lon)
       SELECT p.trial_id, f.id, f.name, f.city, f.state, f.zip, f.country,
              CASE WHEN p.open_unknown THEN '' ELSE 'RECRUITING' END, '[]'::jsonb, f.lat, f.lon
         FROM plan p JOIN facility f ON f.id = p.fid`,
    );
    const siteMs = performance.now() - t0;

    t0 = performance.now();
    for (const i of indexes) {
      await this.q(i.indexdef);
    }
    const indexMs = performance.now() - t0;
    // The search index notices imports by this counter.
    await this.q(
      'UPDATE trial_store_state SET version = version + 1, changed_at = now() WHERE id = 1',
    );
    await this.q('COMMIT');

    t0 = performance.now();
    // Sets hint bits and the visibility map too, as autovacuum would in a live store.
    await this.q('VACUUM (ANALYZE) trial, site, facility');
    const vacuumMs = performance.now() - t0;
    const seconds = (performance.now() - started) / 1000;

    const counts = (
      await this.q(
        `SELECT (SELECT count(*) FROM trial)::int AS trials,
                (SELECT count(*) FROM trial
                  WHERE overall_status IN ('RECRUITING', 'NOT_YET_RECRUITING'))::int AS open,
                (SELECT count(*) FROM site)::int AS sites,
                (SELECT count(*) FROM facility)::int AS facilities,
                pg_size_pretty(pg_database_size(current_database())) AS size`,
      )
    ).rows[0];
    this.log(
      `Generation: +${need} trials, +${sites.rowCount} sites in ${seconds.toFixed(1)} s ` +
        `(trials ${(trialMs / 1000).toFixed(1)} s, sites ${(siteMs / 1000).toFixed(1)} s, ` +
        `site indexes ${(indexMs / 1000).toFixed(1)} s, vacuum+analyze ${(vacuumMs / 1000).toFixed(1)} s)`,
    );
    this.log(
      `  store: ${counts.trials} trials (${counts.open} open), ${counts.sites} sites, ` +
        `${counts.facilities} facilities, database ${counts.size}`,
    );
    return { seconds, added: need, sites: sites.rowCount, counts };
  }

  /** [[condition, trials naming it]] over the real trials, most frequent first. */
  async conditionWeights() {
    const { rows } = await this.q(
      `SELECT c AS condition, count(*)::int AS n
         FROM trial t CROSS JOIN LATERAL unnest(t.conditions) c
        WHERE t.nct_id NOT LIKE '${GEN_PREFIX}%'
        GROUP BY c ORDER BY n DESC, c`,
    );
    return rows.map((r) => [r.condition, r.n]);
  }
}
