// `npm run bench:places`: the places autocomplete (GET /api/places) over the whole bundled
// gazetteer (cities, their other names, postcodes). Starts the compiled API on a fresh database,
// times the start-up load, then measures a mix of English names, local names, prefixes and
// postcodes one client at a time and under concurrent
// load, and prints p50 / p95 / p99 per text with PASS/FAIL against the 20 ms target, a control
// request that runs no search (also one after each timed search), the load average, and the search alone (the compiled service over
// an in-memory index built in this process: no HTTP, guard or logging). Exits 0 on a FAIL (it is
// a report) and non-zero only when the harness itself breaks. Run it with --expose-gc (npm run
// bench:places does) for the index's heap figure.
//
// Environment:
//   BENCH_PLACES_QUERIES     semicolon-separated texts, default below (QUERIES)
//   BENCH_PLACES_REQUESTS    sequential requests per text at 1 client, default 300
//   BENCH_PLACES_DURATION    seconds per concurrent run, default 5 (0 skips them)
//   BENCH_PLACES_CONNECTIONS concurrent clients, default 10
//   BENCH_DATABASE_URL       use this Postgres database (dropped and recreated!) instead of an
//                            embedded one in .data/bench-places-postgres
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApiProcess } from './lib/api.mjs';
import { DistSnapshot } from './lib/dist.mjs';
import { measure } from './lib/load.mjs';
import { freePort, query, withDatabase } from './lib/postgres.mjs';

const root = resolve(import.meta.dirname, '..');
const TARGET_P95_MS = 20;
const DATABASE = 'trialflow_bench_places';

const intEnv = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') {
    return fallback;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(`${name} must be a whole number (got "${raw}")`);
  }
  return n;
};

const QUERIES = (
  process.env.BENCH_PLACES_QUERIES ??
  'Ber;Berlin;Madr;Zag;New Y;São;München;Wien;Köln;Milano;Genève;Seville;Mün;10117;02115;' +
    '75001 Paris;1011;10117 Berlin, Germany;28001;08001 Barcelona;4100;SW1A London;1010 Wien'
)
  .split(';')
  .map((q) => q.trim())
  .filter(Boolean);
const REQUESTS = intEnv('BENCH_PLACES_REQUESTS', 300);
const DURATION = intEnv('BENCH_PLACES_DURATION', 5);
const CONNECTIONS = intEnv('BENCH_PLACES_CONNECTIONS', 10);

const log = (m = '') => process.stdout.write(`${m}\n`);
const fmt = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '—');

function percentile(sorted, q) {
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const path = (q) => `/api/places?${new URLSearchParams({ q }).toString()}`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

/**
 * The search alone, in this process: the compiled PlacesService over an in-memory index built
 * from the bench database as the API builds it, timed per call (no HTTP, no rate-limit guard, no
 * logging). Answers per text { p50, p95 } in milliseconds, and the build's seconds and heap.
 */
async function inProcess(dist, url, texts) {
  const { PlaceIndex } = dist.load('places/place-index');
  const { PlacesService } = dist.load('places/places.service');
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const rows = {
    places: await query(
      url,
      `SELECT id, name, search_name AS "searchName", region, search_region AS "searchRegion",
         country_code AS "countryCode", country, search_country AS "searchCountry", latitude,
         longitude, population FROM place`,
    ),
    names: await query(
      url,
      `SELECT place_id AS "placeId", search_name AS "searchName", name, spellings, population
       FROM place_name`,
    ),
    postcodes: await query(
      url,
      `SELECT id, country_code AS "countryCode", postcode, search_postcode AS "searchPostcode",
         name, search_name AS "searchName", region, country, search_area AS "searchArea",
         latitude, longitude, population FROM place_postcode`,
    ),
  };
  const index = PlaceIndex.build(rows);
  const buildSeconds = (performance.now() - started) / 1000;
  global.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  // Every bench text is answered by the index; a tier that asks Postgres would be a bug here.
  const noSql = () => {
    throw new Error('the search asked Postgres');
  };
  const service = new PlacesService(
    { findByPrefix: noSql, findByWordPrefix: noSql, findSimilar: noSql, findByPostcode: noSql },
    { whenReady: () => Promise.resolve(), currentIndex: () => index },
    { VISITOR_COUNTRY_HEADER: undefined },
  );
  const times = new Map();
  for (const q of texts) {
    const ms = [];
    for (let i = 0; i < 1100; i++) {
      const t0 = performance.now();
      await service.search(q, 8, null);
      if (i >= 100) {
        ms.push(performance.now() - t0);
      }
    }
    ms.sort((a, b) => a - b);
    times.set(q, { p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) });
  }
  return { times, buildSeconds, heapMb };
}

// What must be stopped however the run ends.
const running = { api: null, embedded: null, dist: null, dropSql: null, adminUrl: null };
let cleaning = null;

async function cleanup() {
  cleaning ??= (async () => {
    await running.api?.stop().catch(() => running.api?.kill());
    if (running.dropSql) {
      await query(running.adminUrl, running.dropSql).catch((e) =>
        log(`Dropping the bench database failed: ${e.message}`),
      );
    }
    await running.embedded?.stop().catch((e) => log(`Stopping Postgres failed: ${e.message}`));
    running.dist?.remove();
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`\n${signal}: stopping the API and Postgres…`);
    cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', () => running.api?.kill());

/** A fresh, migrated database: BENCH_DATABASE_URL, or an embedded Postgres of its own. */
async function startDatabase(dist) {
  let adminUrl;
  let database = DATABASE;
  if (process.env.BENCH_DATABASE_URL) {
    const given = new URL(process.env.BENCH_DATABASE_URL);
    database = decodeURIComponent(given.pathname.replace(/^\//, '')) || DATABASE;
    given.pathname = '/postgres';
    adminUrl = given.toString();
    log(`Database: ${database} on ${given.host} (BENCH_DATABASE_URL)`);
  } else {
    const { EmbeddedPostgres } = dist.load('database/embedded-postgres');
    const port = await freePort();
    const dataDir = join(root, '.data', 'bench-places-postgres');
    running.embedded = new EmbeddedPostgres({ dataDir, port, database: 'postgres', quiet: true });
    await running.embedded.start();
    adminUrl = running.embedded.adminUrl;
    log(`Database: embedded Postgres in .data/bench-places-postgres on 127.0.0.1:${port}`);
  }
  const name = `"${database.replace(/"/g, '""')}"`;
  await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await query(adminUrl, `CREATE DATABASE ${name}`);
  running.adminUrl = adminUrl;
  running.dropSql = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  const url = withDatabase(adminUrl, database);
  const migrated = spawnSync(process.execPath, [dist.path('cli/migrate.js'), 'run'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) {
    throw new Error(`Migrations failed:\n${migrated.stdout}\n${migrated.stderr}`);
  }
  return url;
}

async function get(api, q, url = path(q)) {
  const started = performance.now();
  const res = await fetch(`${api.url}${url}`);
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

const CONTROL_PATH = '/api/places/visitor-country';

const stats = (ms) => {
  ms.sort((a, b) => a - b);
  return {
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    p99: percentile(ms, 0.99),
    max: ms[ms.length - 1],
    ms,
  };
};

/**
 * REQUESTS sequential searches (after a few unmeasured ones): exact p50 / p95. With a control,
 * each search is followed by a control request (no search), timed apart: the machine's load at
 * the same moments, so a text's tail can be told from the machine's.
 */
async function sequential(api, q, url = path(q), withControl = false) {
  for (let i = 0; i < 10; i++) {
    await get(api, q, url);
  }
  const ms = [];
  const controlMs = [];
  let answer = null;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await get(api, q, url);
    if (r.status !== 200) {
      throw new Error(`GET ${url} answered ${r.status}: ${r.body.slice(0, 500)}`);
    }
    answer ??= JSON.parse(r.body).places ?? [];
    ms.push(r.ms);
    if (withControl) {
      controlMs.push((await get(api, '', CONTROL_PATH)).ms);
    }
  }
  return { ...stats(ms), answer, control: withControl ? stats(controlMs) : null };
}

async function main() {
  log(
    `Places benchmark — ${QUERIES.map((q) => `"${q}"`).join(', ')}; ${REQUESTS} requests each ` +
      `at 1 client${DURATION > 0 ? `, ${DURATION} s at ${CONNECTIONS} clients` : ''}`,
  );
  log(`Load average at the start: ${load()} (1, 5, 15 min)`);
  const dist = new DistSnapshot(root);
  running.dist = dist;
  if (!dist.has('places/places.controller.js')) {
    throw new Error('The compiled API has no places controller: run npm run build -w api.');
  }
  const url = await startDatabase(dist);

  // The whole gazetteer, whatever NODE_ENV the API runs with (ApiProcess passes process.env on).
  process.env.PLACES_MIN_POPULATION = '0';
  // Production refuses to start without a mail server; the autocomplete sends no mail.
  process.env.SMTP_URL ??= 'smtp://127.0.0.1:9';
  // …nor without a signing secret; a throwaway one, as no session outlives the run.
  process.env.APP_SECRET ??= randomBytes(32).toString('hex');
  // Thousands of requests from one address: above any per-address limit (they still count).
  process.env.RATE_LIMIT_PER_ADDRESS ??= '10000000';
  // The loader's own line ("Places: … loaded in N s (M s reading the packages)") is at info level.
  process.env.BENCH_LOG_LEVEL ??= 'info';
  const api = new ApiProcess(dist, { root, databaseUrl: url, label: 'places', log });
  running.api = api;
  await api.start();
  log(`API healthy after ${fmt(api.healthSeconds, 2)} s (port ${api.port})`);
  const first = await get(api, 'Berlin');
  if (first.status !== 200) {
    throw new Error(`The first search answered ${first.status}: ${first.body.slice(0, 500)}`);
  }
  const [{ places, names, postcodes }] = await query(
    url,
    `SELECT places, (SELECT count(*)::int FROM place_name) AS names,
       (SELECT count(*)::int FROM place_postcode) AS postcodes FROM place_gazetteer_state`,
  );
  log(
    `Gazetteer: ${places.toLocaleString('en-US')} cities, ${names.toLocaleString('en-US')} ` +
      `other names, ${postcodes.toLocaleString('en-US')} postcodes; the first search answered ` +
      `${fmt((performance.now() - api.startedAt) / 1000, 2)} s after the API started ` +
      `(it waits for the start-up load)`,
  );

  // The log stream is written asynchronously: give it a moment.
  let loaderLine;
  for (let i = 0; i < 30 && !loaderLine; i++) {
    loaderLine = readFileSync(api.logFile, 'utf8')
      .split('\n')
      .find((line) => line.includes('Places: '));
    if (!loaderLine) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  log(`Loader: ${loaderLine ? loaderLine.slice(loaderLine.indexOf('Places: ')) : '(no log line)'}`);
  // The first search started the index's build: measure once it answers (Postgres did before).
  let indexLine;
  for (let i = 0; i < 1200 && !indexLine; i++) {
    indexLine = readFileSync(api.logFile, 'utf8')
      .split('\n')
      .find((line) => /Places index: |places index failed/.test(line));
    if (!indexLine) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const indexText = indexLine
    ? indexLine.slice(indexLine.search(/Places index: |Building the places/)).replace(/"}$/, '')
    : '(none within 2 minutes: the API searched Postgres)';
  log(`Index: ${indexText}`);
  // The same round trip without a database query: what the machine's load alone costs.
  const control = await sequential(api, '', CONTROL_PATH);
  log(
    `  control: GET /api/places/visitor-country (no query) @1 p50 ${fmt(control.p50)} ms  ` +
      `p95 ${fmt(control.p95)} ms  p99 ${fmt(control.p99)} ms`,
  );
  const rows = [];
  for (const q of QUERIES) {
    const one = await sequential(api, q, path(q), true);
    const row = { q, one, top: one.answer.slice(0, 3).map((p) => p.label) };
    if (DURATION > 0) {
      row.many = await measure({
        baseUrl: api.url,
        get: path(q),
        connections: CONNECTIONS,
        duration: DURATION,
        warmup: 1,
      });
    }
    rows.push(row);
    log(
      `  ${JSON.stringify(q).padEnd(24)} @1 p50 ${fmt(one.p50)} ms  p95 ${fmt(one.p95)} ms  ` +
        `p99 ${fmt(one.p99)} ms (control p95 ${fmt(one.control.p95)} ms)` +
        (row.many
          ? `   @${CONNECTIONS} p50 ${fmt(row.many.p50)} ms  p95 ${fmt(row.many.p95)} ms  ` +
            `${fmt(row.many.rps, 0)} req/s`
          : '') +
        `   → ${row.top.join(' | ')}`,
    );
  }
  await api.stop();
  running.api = null;
  log(`Load average at the end of the HTTP runs: ${load()}`);
  const alone = await inProcess(dist, url, QUERIES);
  log(
    `In-process index (this process): built from the tables in ${fmt(alone.buildSeconds, 2)} s, ` +
      `heap +${fmt(alone.heapMb, 0)} MB`,
  );

  log('\n=== Summary ===');
  let allOk = true;
  for (const r of rows) {
    const ok = r.one.p95 <= TARGET_P95_MS;
    allOk &&= ok;
    log(
      `${JSON.stringify(r.q).padEnd(24)} p95 ${fmt(r.one.p95)} ms at 1 client ` +
        `(target ≤ ${TARGET_P95_MS}) ${ok ? 'PASS' : 'FAIL'}, control p95 ` +
        `${fmt(r.one.control.p95)} ms meanwhile` +
        (r.many ? `; at ${CONNECTIONS} clients p95 ${fmt(r.many.p95)} ms` : '') +
        `; the search alone p50 ${fmt(alone.times.get(r.q).p50, 3)} ms, ` +
        `p95 ${fmt(alone.times.get(r.q).p95, 3)} ms`,
    );
  }
  const all = rows.flatMap((r) => r.one.ms).sort((a, b) => a - b);
  log(
    `All texts at 1 client: p50 ${fmt(percentile(all, 0.5))} ms, p95 ` +
      `${fmt(percentile(all, 0.95))} ms, p99 ${fmt(percentile(all, 0.99))} ms ` +
      `(target p95 ≤ ${TARGET_P95_MS}) ${percentile(all, 0.95) <= TARGET_P95_MS ? 'PASS' : 'FAIL'}`,
  );
  const controls = stats(rows.flatMap((r) => r.one.control.ms));
  log(
    `Controls between the searches: p50 ${fmt(controls.p50)} ms, p95 ${fmt(controls.p95)} ms, ` +
      `p99 ${fmt(controls.p99)} ms`,
  );
  log(
    `Control without a query: p50 ${fmt(control.p50)} ms, p95 ${fmt(control.p95)} ms ` +
      '(a control far above 1 ms means the machine is busy and every figure above is inflated)',
  );
  log(allOk ? 'All places targets met.' : 'Some places targets are NOT met.');
}

main()
  .catch((error) => {
    log(`\nThe benchmark broke: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
