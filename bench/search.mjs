// `npm run bench:search`: trial search under load on synthetic stores of 10,000 and 500,000
// trials cloned from the real ClinicalTrials.gov records, beside a bare health call measured in
// the same run. Prints p50 / p95 / requests per second per run and PASS/FAIL against the targets;
// exits 0 on a FAIL (it is a report) and non-zero only when the harness itself breaks.
//
// Environment:
//   BENCH_SIZES           trial counts to measure, default "10000,500000"
//   BENCH_DURATION        seconds per measured run, default 15
//   BENCH_WARMUP          seconds of unmeasured load before each run, default 3
//   BENCH_POOL            distinct search bodies, default 10000
//   BENCH_IMPORT_RECORDS  records in the import-speed run, default 5000
//   BENCH_FACILITIES      synthetic facilities, default 20000
//   BENCH_DATABASE_URL    use this Postgres database (dropped and recreated!) instead of the
//                         embedded one in .data/bench-postgres
//   BENCH_KEEP_DB=1       keep the bench database at the end (it is dropped: ~8 GB at 500,000)
//   BENCH_CPU_PROF=1      run the API with --cpu-prof; profiles in .data/bench-prof/, summarised
//                         with `node bench/cpu-profile-top.mjs <file>`
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApiProcess } from './lib/api.mjs';
import { DistSnapshot } from './lib/dist.mjs';
import { Generator } from './lib/generate.mjs';
import { measureImport } from './lib/import.mjs';
import { measure } from './lib/load.mjs';
import { BenchPostgres } from './lib/postgres.mjs';
import {
  buildRequestPool,
  FALLBACK_CONDITIONS,
  WORST_CASE,
  worstCasePool,
} from './lib/requests.mjs';

const root = resolve(import.meta.dirname, '..');
// The records shipped in the repository (data/README.md).
const ctgovDir = resolve(root, 'data', 'ctgov');
const genesFile = resolve(root, 'data', 'genes.txt');

const intEnv = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') {
    return fallback;
  }
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(n) || n < 0) {
    throw new Error(`${name} must be a number (got "${raw}")`);
  }
  return n;
};

const SIZES = (process.env.BENCH_SIZES ?? '10000,500000')
  .split(',')
  .map((s) => s.trim().replace(/_/g, ''))
  .filter(Boolean)
  .map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n <= 0) {
      throw new Error(`BENCH_SIZES: "${s}" is not a trial count`);
    }
    return n;
  })
  .sort((a, b) => a - b);
const DURATION = intEnv('BENCH_DURATION', 15);
const WARMUP = intEnv('BENCH_WARMUP', 3);
const POOL = intEnv('BENCH_POOL', 10000);
const IMPORT_RECORDS = intEnv('BENCH_IMPORT_RECORDS', 5000);
const FACILITIES = intEnv('BENCH_FACILITIES', 20000);
const CPU_PROF = process.env.BENCH_CPU_PROF === '1' || process.env.BENCH_CPU_PROF === 'true';

const TARGETS = {
  importPerSecond: 1000,
  bySize: {
    10000: { p95: 50 },
    500000: { p95: 150, rps: 50 },
  },
};

const log = (m = '') => process.stdout.write(`${m}\n`);
const fmt = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
const thousands = (n) => n.toLocaleString('en-US');

// What must be stopped however the run ends.
const running = { api: null, pg: null, dist: null, gen: null };
let cleaning = null;

async function cleanup() {
  cleaning ??= (async () => {
    await running.api?.stop().catch(() => running.api?.kill());
    await running.gen?.close();
    await running.pg
      ?.dropDatabase()
      .catch((e) => log(`Dropping the bench database failed: ${e.message}`));
    await running.pg?.stop().catch((e) => log(`Stopping Postgres failed: ${e.message}`));
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

function describePool(pool) {
  const bodies = pool.map((r) => JSON.parse(r.body));
  const share = (f) => `${Math.round((100 * bodies.filter(f).length) / bodies.length)} %`;
  const conditions = new Set(bodies.map((b) => b.type_of_disease));
  return (
    `${thousands(pool.length)} distinct bodies over ${conditions.size} conditions; ` +
    `summary ${share((_, i) => pool[i].path.endsWith('summary'))}, ` +
    `radius 1000 ${share((b) => b.radius === 1000)}, filters ${share((b) => b.filters)}, ` +
    `US (MI) ${share((b) => b.radius_unit === 'MI')}, page > 1 ${share((b) => b.page > 1)}, ` +
    `sort match/distance/newest ${share((b) => b.sort === 'match')}/` +
    `${share((b) => b.sort === 'distance')}/${share((b) => b.sort === 'newest')}`
  );
}

/** Answers a sample of the pool one by one: how many trials realistic searches find. */
async function samplePool(api, pool, n) {
  const totals = [];
  const timed = [];
  let bytes = 0;
  let bad = null;
  for (const r of pool.slice(0, n)) {
    const started = performance.now();
    const res = await api.post(r.path, r.body, 60_000);
    timed.push({ ms: performance.now() - started, r, res });
    if (process.env.BENCH_DUMP && res.status === 200 && r.path.endsWith('/summary')) {
      writeFileSync(process.env.BENCH_DUMP, res.text);
    }
    bytes += Buffer.byteLength(res.text);
    if (res.status >= 200 && res.status < 300) {
      const total = JSON.parse(res.text).total;
      if (typeof total === 'number') {
        totals.push(total);
      }
    } else if (!bad) {
      bad = { status: res.status, body: r.body, answer: res.text.slice(0, 1000) };
    }
  }
  totals.sort((a, b) => a - b);
  // The slowest one by one: what the load's tail is made of.
  const slowest = timed
    .sort((x, y) => y.ms - x.ms)
    .slice(0, 3)
    .map(({ ms, r, res }) => {
      const body = JSON.parse(r.body);
      const total = res.status === 200 ? JSON.parse(res.text).total : res.status;
      return (
        `${ms.toFixed(1)} ms ${r.path.split('/').pop()} ${body.type_of_disease} ` +
        `${body.radius} ${body.radius_unit} → ${total} (${(Buffer.byteLength(res.text) / 1024).toFixed(0)} KiB)`
      );
    });
  return { totals, bad, meanKiB: bytes / Math.max(1, n) / 1024, slowest };
}

function table(rows) {
  const head = [
    'run',
    'requests',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'req/s',
    'errors/non-2xx',
  ];
  const lines = rows.map((r) => [
    r.name,
    thousands(r.requests),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    fmt(r.max),
    fmt(r.rps),
    `${r.errors + r.timeouts}/${r.non2xx}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [row(head), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

const worstPool = worstCasePool();

async function benchSize(dist, url, gen, size, pool, searchReady) {
  log(`\n=== ${thousands(size)} trials ===`);
  const generation = await gen.growTo(size);
  const api = new ApiProcess(dist, {
    root,
    databaseUrl: url,
    label: String(size),
    cpuProfDir: CPU_PROF ? join(root, '.data', 'bench-prof') : undefined,
    log,
  });
  running.api = api;
  await api.start();
  const out = { size, generation, healthSeconds: api.healthSeconds, rows: [], bad: [] };
  log(`API healthy after ${fmt(api.healthSeconds, 2)} s (port ${api.port})`);

  const base = { baseUrl: api.url, duration: DURATION, warmup: WARMUP };
  const runs = [
    ['health@1', { ...base, get: '/api/health', connections: 1 }],
    ['health@20', { ...base, get: '/api/health', connections: 20 }],
  ];
  if (searchReady) {
    const first = await api.post(WORST_CASE.path, WORST_CASE.body);
    out.indexSeconds = (performance.now() - api.startedAt) / 1000;
    if (first.status !== 200) {
      log(`First search answered ${first.status}: ${first.text.slice(0, 2000)}`);
      out.bad.push({ run: 'first search', status: first.status, body: first.text });
    } else {
      const answer = JSON.parse(first.text);
      log(
        `Index: first search answered ${fmt(out.indexSeconds, 2)} s after the API started ` +
          `(${fmt(first.ms / 1000, 2)} s after health); worst case finds ${thousands(answer.total)} trials`,
      );
      // From the end of the pool: the load runs start at its beginning.
      const sample = await samplePool(api, pool.slice(-200), 200);
      const t = sample.totals;
      if (t.length) {
        log(
          `Realism check (200 pool searches one by one): results per search median ` +
            `${t[Math.floor(t.length / 2)]}, p90 ${t[Math.floor(t.length * 0.9)]}, max ${t[t.length - 1]}, ` +
            `${Math.round((100 * t.filter((x) => x === 0).length) / t.length)} % find nothing; ` +
            `answers ${fmt(sample.meanKiB)} KiB on average; slowest: ${sample.slowest.join('; ')}`,
        );
      }
      if (sample.bad) {
        log(
          `A pool search answered ${sample.bad.status}: ${sample.bad.answer}\n  body: ${sample.bad.body}`,
        );
      }
      const cursor = { next: 0 };
      runs.push(
        ['search@1', { ...base, pool, cursor, connections: 1 }],
        ['search@20', { ...base, pool, cursor, connections: 20 }],
        ['worst@20', { ...base, pool: worstPool, cursor: { next: 0 }, connections: 20 }],
      );
    }
  }
  for (const [name, spec] of runs) {
    const r = await measure(spec);
    out.rows.push({ name, ...r });
    const extra = spec.pool ? `, ${thousands(r.distinct)} distinct bodies` : '';
    log(
      `  ${name.padEnd(10)} p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  ${fmt(r.rps)} req/s  ` +
        `(${thousands(r.requests)} requests${extra})`,
    );
    if (r.firstBad) {
      log(`  ${name}: first non-2xx answer ${r.firstBad.status}: ${r.firstBad.body}`);
      out.bad.push({ run: name, ...r.firstBad });
    }
  }
  out.rssMiB = api.rssMiB();
  await api.stop();
  running.api = null;
  if (CPU_PROF) {
    log(`CPU profile: .data/bench-prof/api-${size}.cpuprofile`);
  }
  log(
    `\n${thousands(size)} trials (${DURATION} s per run after ${WARMUP} s warm-up; API RSS ${out.rssMiB ?? '?'} MiB)`,
  );
  log(table(out.rows));
  return out;
}

function verdict(ok) {
  return ok ? 'PASS' : 'FAIL';
}

async function main() {
  const started = performance.now();
  for (const [what, path] of [
    ['ClinicalTrials.gov data', ctgovDir],
    ['genes.txt', genesFile],
  ]) {
    if (!existsSync(path)) {
      throw new Error(`The shipped ${what} is missing: ${path}`);
    }
  }
  log(`Trial search benchmark — sizes ${SIZES.map(thousands).join(', ')}; ${DURATION} s runs`);
  const dist = new DistSnapshot(root);
  running.dist = dist;
  const searchReady = dist.has('search/search.controller.js');
  if (!searchReady) {
    log(
      'The compiled API has no trials search controller yet: only health and import are measured.',
    );
  }

  const pg = new BenchPostgres(dist, root, log);
  running.pg = pg;
  const url = await pg.start();

  const imported = await measureImport(dist, {
    url,
    ctgovDir,
    genesFile,
    minRecords: IMPORT_RECORDS,
    log,
  });

  const gen = new Generator(url, log);
  running.gen = gen;
  await gen.connect();
  await gen.createFacilities(FACILITIES);
  const counted = await gen.conditionWeights();
  const weights =
    counted.length >= 5 ? counted.slice(0, 15) : FALLBACK_CONDITIONS.map((c) => [c, 1]);
  log(
    `Conditions searched, weighted like the real trials: ` +
      weights.map(([c, n]) => `${c} ${n}`).join(', '),
  );
  const pool = buildRequestPool(weights, POOL);
  log(`Search requests: ${describePool(pool)}`);
  log(
    `Worst case: lung cancer, Berlin, 1000 km, EGFR-positive answers, no filters; sent in ` +
      `${thousands(worstPool.length)} variants ≤ 100 m apart so the result cache cannot answer it`,
  );

  const results = [];
  for (const size of SIZES) {
    results.push(await benchSize(dist, url, gen, size, pool, searchReady));
  }

  // Summary against the targets.
  log('\n=== Summary ===');
  const importOk = imported.studiesPerSecond >= TARGETS.importPerSecond;
  log(
    `Import: ${Math.round(imported.studiesPerSecond)} studies/s ` +
      `(target ≥ ${TARGETS.importPerSecond}) ${verdict(importOk)}`,
  );
  let allOk = importOk;
  for (const r of results) {
    const search = r.rows.find((x) => x.name === 'search@20');
    const worst = r.rows.find((x) => x.name === 'worst@20');
    const health = r.rows.find((x) => x.name === 'health@20');
    log(
      `${thousands(r.size)} trials: generation ${fmt(r.generation.seconds)} s, ` +
        `index ${fmt(r.indexSeconds, 2)} s (first search after API start), ` +
        `health@20 p95 ${fmt(health?.p95)} ms`,
    );
    const target = TARGETS.bySize[r.size];
    const errors = r.rows.reduce((s, x) => s + x.errors + x.timeouts + x.non2xx, 0) + r.bad.length;
    if (errors > 0) {
      allOk = false;
      log(`  errors/non-2xx: ${errors} ${verdict(false)}`);
    }
    if (!search) {
      log('  search: not measured');
      allOk = allOk && !target;
      continue;
    }
    if (target) {
      const p95Ok = search.p95 <= target.p95;
      allOk &&= p95Ok;
      log(
        `  search@20 p95 ${fmt(search.p95)} ms (target ≤ ${target.p95}) ${verdict(p95Ok)}` +
          (p95Ok
            ? ''
            : `, over by ${fmt(search.p95 - target.p95)} ms (${fmt((100 * search.p95) / target.p95 - 100, 0)} %)`),
      );
      if (target.rps) {
        const rpsOk = search.rps >= target.rps;
        allOk &&= rpsOk;
        log(
          `  search@20 ${fmt(search.rps)} searches/s (target ≥ ${target.rps}) ${verdict(rpsOk)}` +
            (rpsOk ? '' : `, short by ${fmt(target.rps - search.rps)}/s`),
        );
      }
      if (worst) {
        log(
          `  worst@20 p95 ${fmt(worst.p95)} ms, ${fmt(worst.rps)} req/s ` +
            `(information; ${worst.p95 <= target.p95 ? 'within' : 'above'} the search p95 target)`,
        );
      }
    } else {
      log(
        `  search@20 p95 ${fmt(search.p95)} ms, ${fmt(search.rps)} req/s (no target at this size)`,
      );
    }
  }
  log(`Overall: ${verdict(allOk)} (${fmt((performance.now() - started) / 60000, 1)} min)`);
}

main()
  .then(
    () => cleanup(),
    async (error) => {
      log(
        `\nThe benchmark itself failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
      );
      await cleanup();
      process.exit(1);
    },
  )
  .then(() => process.exit(0));
