// `npm run bench:resilience`: the API (a child process, as `npm start` runs it) on its own
// embedded Postgres with the shipped trials, under a steady load of searches and sign-ins; its
// postmaster is killed (`kill -KILL`) a few times. Per kill it prints the seconds until Postgres
// accepts connections again (the API's supervisor restarts it), the seconds until /api/health
// answers 200 after that, and the failed requests: clean 503s, other statuses, and requests that
// got no answer at all. Target: healthy within 10 s of Postgres being back. Exits 0 on a FAIL
// (it is a report) and non-zero only when the harness itself breaks.
//
// Environment:
//   BENCH_KILLS            kills of the postmaster, default 3
//   BENCH_SEARCH_CLIENTS   concurrent search loops, default 8
//   BENCH_SIGNIN_CLIENTS   concurrent sign-in loops, default 2
//   BENCH_STEADY_SECONDS   load before each kill and after each recovery, default 5
import { mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { ApiProcess } from './lib/api.mjs';
import { DistSnapshot } from './lib/dist.mjs';
import { freePort, query } from './lib/postgres.mjs';
import { buildRequestPool, FALLBACK_CONDITIONS, WORST_CASE } from './lib/requests.mjs';

const root = resolve(import.meta.dirname, '..');
const intEnv = (name, fallback) => {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};
const KILLS = intEnv('BENCH_KILLS', 3);
const SEARCH_CLIENTS = intEnv('BENCH_SEARCH_CLIENTS', 8);
const SIGNIN_CLIENTS = intEnv('BENCH_SIGNIN_CLIENTS', 2);
const STEADY_MS = intEnv('BENCH_STEADY_SECONDS', 5) * 1000;
const RECOVERY_TARGET_S = 10;
const PASSWORD = 'bench-password-9';

const log = (m = '') => process.stdout.write(`${m}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Loops that each send one request at a time and record every outcome with its time. */
class Load {
  constructor() {
    this.results = [];
    this.running = true;
    this.loops = [];
  }

  add(kind, send) {
    this.loops.push(
      (async () => {
        while (this.running) {
          let status;
          try {
            status = await send();
          } catch (error) {
            status = `no answer (${error.cause?.code ?? error.name})`;
          }
          this.results.push({ kind, at: Date.now(), status });
        }
      })(),
    );
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

async function post(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  return res.status;
}

async function postgresAnswers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function healthStatus(api) {
  try {
    const res = await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Kills the postmaster once and measures the recovery under the running load. */
async function killOnce(api, load, dataDir, pgUrl) {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const killedAt = Date.now();
  process.kill(postmaster, 'SIGKILL');
  let backAt = null;
  let healthyAt = null;
  const until = killedAt + 120_000;
  while (Date.now() < until && (backAt === null || healthyAt === null)) {
    if (backAt === null && (await postgresAnswers(pgUrl))) {
      backAt = Date.now();
    }
    if (backAt !== null && (await healthStatus(api)) === 200) {
      healthyAt = Date.now();
    }
    await sleep(50);
  }
  if (backAt === null || healthyAt === null) {
    throw api.failure('The API did not recover within 120 s');
  }
  await sleep(STEADY_MS);
  const window = load.results.filter((r) => r.at >= killedAt && r.at <= healthyAt + 2000);
  const failed = window.filter((r) => typeof r.status !== 'number' || r.status >= 400);
  const other = new Map();
  for (const r of failed) {
    if (r.status !== 503) {
      other.set(`${r.kind} ${r.status}`, (other.get(`${r.kind} ${r.status}`) ?? 0) + 1);
    }
  }
  return {
    postmaster,
    backSeconds: (backAt - killedAt) / 1000,
    healthySeconds: (healthyAt - backAt) / 1000,
    totalSeconds: (healthyAt - killedAt) / 1000,
    requests: window.length,
    failed: failed.length,
    clean503: failed.filter((r) => r.status === 503).length,
    other,
  };
}

async function main() {
  log(
    `bench:resilience — ${KILLS} kills of the embedded postmaster under ${SEARCH_CLIENTS} search ` +
      `and ${SIGNIN_CLIENTS} sign-in clients`,
  );
  const dist = new DistSnapshot(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'trialflow-bench-resilience-'));
  // As root, Postgres runs as the 'postgres' user, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const pgPort = await freePort();
  const api = new ApiProcess(dist, {
    root,
    databaseUrl: null,
    label: 'resilience',
    log,
    env: {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      RUN_MIGRATIONS: 'true',
      TRIALS_IMPORT_DIR: 'data',
      PLACES_MIN_POPULATION: '20000000',
    },
  });
  const rounds = [];
  let load = null;
  try {
    await api.start();
    log(`API healthy after ${api.healthSeconds.toFixed(1)} s (fresh cluster, migrations, import)`);
    const { EmbeddedPostgres } = dist.load('database/embedded-postgres');
    const pgUrl = new EmbeddedPostgres({ dataDir: join(dataDir, 'postgres'), port: pgPort }).url;
    const { hashPassword } = dist.load('identity/passwords');
    const email = 'bench.resilience@hospital.example';
    await query(
      pgUrl,
      `INSERT INTO identity_user (email, password_hash, status) VALUES ($1, $2, 'CONFIRMED')`,
      [email, await hashPassword(PASSWORD)],
    );
    const signIn = JSON.stringify({ email, password: PASSWORD });
    if ((await post(`${api.url}/api/identity/sign-in`, signIn)) !== 200) {
      throw api.failure('The bench account cannot sign in');
    }
    // The start-up import runs beside the server: wait until it is done (the trial count
    // holds still for 6 s) and searches find trials, so the kills measure recovery, not the import.
    let trials = -1;
    for (let steady = 0, i = 0; steady < 12; i++) {
      const [{ n }] = await query(pgUrl, 'SELECT count(*)::int AS n FROM trial');
      steady = n > 0 && n === trials ? steady + 1 : 0;
      trials = n;
      if (i > 600) {
        throw api.failure('The start-up import did not finish within 5 minutes');
      }
      await sleep(500);
    }
    log(`Start-up import done: ${trials} trials`);
    for (let i = 0; ; i++) {
      const res = await api.post(WORST_CASE.path, WORST_CASE.body, 30_000);
      if (res.status === 200 && res.text.includes('NCT')) {
        break;
      }
      if (i > 300) {
        throw api.failure('Searches found no trials after the start-up import');
      }
      await sleep(500);
    }
    const pool = buildRequestPool(
      FALLBACK_CONDITIONS.map((c) => [c, 1]),
      2000,
    );
    let next = 0;
    load = new Load();
    for (let i = 0; i < SEARCH_CLIENTS; i++) {
      load.add('search', () => {
        const r = pool[next++ % pool.length];
        return post(`${api.url}${r.path}`, r.body);
      });
    }
    for (let i = 0; i < SIGNIN_CLIENTS; i++) {
      load.add('sign-in', () => post(`${api.url}/api/identity/sign-in`, signIn));
    }
    for (let k = 1; k <= KILLS; k++) {
      await sleep(STEADY_MS);
      const round = await killOnce(api, load, dataDir, pgUrl);
      rounds.push(round);
      log(
        `kill ${k} (postmaster ${round.postmaster}): Postgres back after ${round.backSeconds.toFixed(1)} s, ` +
          `API healthy ${round.healthySeconds.toFixed(1)} s later (${round.totalSeconds.toFixed(1)} s ` +
          `in all); ${round.failed} of ${round.requests} requests failed: ${round.clean503} clean 503, ` +
          `${round.failed - round.clean503} other` +
          (round.other.size
            ? ` (${[...round.other].map(([k2, n]) => `${k2}: ${n}`).join(', ')})`
            : ''),
      );
    }
    await load.stop();
    load = null;
    if (api.child.exitCode !== null || api.child.signalCode !== null) {
      throw api.failure('The API process exited during the bench');
    }
  } finally {
    await load?.stop();
    await api.stop();
    if (!(await portIsFreeAfter(pgPort))) {
      log(`WARNING: something still listens on the embedded Postgres port ${pgPort}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    dist.remove?.();
  }
  const worst = Math.max(...rounds.map((r) => r.healthySeconds));
  const worstTotal = Math.max(...rounds.map((r) => r.totalSeconds));
  const failed = rounds.reduce((n, r) => n + r.failed, 0);
  const clean = rounds.reduce((n, r) => n + r.clean503, 0);
  log('');
  log(
    `Recovery (Postgres back → health 200): worst ${worst.toFixed(1)} s (target ≤ ${RECOVERY_TARGET_S} s); ` +
      `kill → health 200: worst ${worstTotal.toFixed(1)} s`,
  );
  log(
    `Failed requests: ${failed} (${clean} clean 503, ${failed - clean} other); API process never exited`,
  );
  log(worst <= RECOVERY_TARGET_S && failed === clean ? 'RESULT: PASS' : 'RESULT: FAIL');
}

/** True once nothing accepts connections on the port (the API stopped its Postgres). */
async function portIsFreeAfter(port) {
  for (let i = 0; i < 50; i++) {
    const taken = await new Promise((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (!taken) {
      return true;
    }
    await sleep(200);
  }
  return false;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
