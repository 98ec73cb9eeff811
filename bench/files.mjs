// `npm run bench:files`: upload and download of one 50 MB file through the real API (a child
// process on an embedded Postgres of its own), on the local disk and on S3 (s3rver), with the
// API's resident memory sampled every 50 ms. Prints MB/s per direction and the RSS growth over
// the idle API; the target is under 150 MB of growth (the API streams, it never buffers a file).
// Exits 0 on a FAIL (it is a report) and non-zero only when the harness itself breaks.
//
// Environment:
//   BENCH_FILE_MB        size of the file, default 50
//   BENCH_FILES_DRIVERS  drivers to measure, default "local,s3"
//   BENCH_DATABASE_URL   use this Postgres database (dropped and recreated!)
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ApiProcess } from './lib/api.mjs';
import { DistSnapshot } from './lib/dist.mjs';
import { BenchPostgres, query } from './lib/postgres.mjs';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(join(root, 'api', 'package.json'));
const jwt = require('jsonwebtoken');
const S3rver = createRequire(join(root, 'package.json'))('s3rver');

const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 50);
const DRIVERS = (process.env.BENCH_FILES_DRIVERS ?? 'local,s3').split(',').map((s) => s.trim());
const RSS_GROWTH_LIMIT_MB = 150;

const log = (m = '') => process.stdout.write(`${m}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A PDF of the given size: a real header, then incompressible bytes. */
function makePdf(bytes) {
  const body = Buffer.alloc(bytes);
  const header = Buffer.from('%PDF-1.7\n% bench\n');
  header.copy(body);
  // Pseudo-random fill, fast and reproducible.
  let x = 0x9e3779b9;
  for (let i = header.length; i + 4 <= bytes; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    body.writeUInt32LE(x >>> 0, i);
  }
  return body;
}

/** A product token the API accepts: our own signing key, inserted before the API starts. */
async function seed(url) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `bench-${randomUUID()}`;
  await query(
    url,
    `INSERT INTO signing_key (kid, purpose, private_key_pem, public_jwk, active)
     VALUES ($1, 'product', $2, $3, true)`,
    [
      kid,
      privateKey.export({ type: 'pkcs8', format: 'pem' }),
      JSON.stringify({ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }),
    ],
  );
  const [user] = await query(
    url,
    `INSERT INTO app_user (email, first_name) VALUES ($1, 'Bench') RETURNING id`,
    [`bench.${randomUUID().slice(0, 8)}@hospital.example`],
  );
  const [facility] = await query(
    url,
    `INSERT INTO facility (key, name, city, state, zip, country)
     VALUES ($1, 'Bench Site', 'Berlin', '', '', 'Germany') RETURNING id`,
    [`bench-${randomUUID()}`],
  );
  const [request] = await query(
    url,
    `INSERT INTO trial_request (user_id, identifier, nct_id, trial_name, condition, questionnaire,
       facility_id, facility_name, email)
     VALUES ($1, 'BENCH-1', 'NCT00000000', 'Bench trial', 'lung_cancer', '{}', $2, 'Bench Site',
       'bench@hospital.example') RETURNING id`,
    [user.id, facility.id],
  );
  const token = jwt.sign(
    { sub: user.id, email: 'bench@hospital.example', roles: ['hcp'], token_use: 'product' },
    privateKey.export({ type: 'pkcs8', format: 'pem' }),
    {
      algorithm: 'RS256',
      keyid: kid,
      issuer: 'trialflow-api',
      audience: 'trialflow',
      expiresIn: '1h',
    },
  );
  return { token, requestId: request.id };
}

/** Samples the API's RSS until stopped; answers the peak in MiB. */
function sampleRss(api) {
  let peak = api.rssMiB() ?? 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, api.rssMiB() ?? 0);
      await sleep(50);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return peak;
  };
}

async function measureDriver(driver, dist, url, file, { token, requestId }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'trialflow-bench-files-'));
  let s3 = null;
  const env = { STORAGE_DRIVER: driver, DATA_DIR: dataDir, FILES_MAX_UPLOAD_BYTES: '100000000' };
  if (driver === 's3') {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: join(dataDir, 's3rver'),
      configureBuckets: [{ name: 'bench-files' }],
    });
    const { port } = await s3.run();
    Object.assign(env, {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'bench-files',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  }
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const api = new ApiProcess(dist, { root, databaseUrl: url, label: `files-${driver}`, log });
  try {
    await api.start();
    Object.assign(process.env, saved);
    const auth = { Authorization: `Bearer ${token}` };
    // Warm up: one small upload, listing and download, so lazy modules are loaded.
    const warm = new FormData();
    warm.append('files', new Blob([Buffer.from('%PDF-1.4\nwarm-up\n')]), 'warm.pdf');
    const warmRes = await fetch(`${api.url}/api/files/${requestId}`, {
      method: 'POST',
      headers: auth,
      body: warm,
    });
    if (warmRes.status !== 201) {
      throw api.failure(`Warm-up upload answered ${warmRes.status}: ${await warmRes.text()}`);
    }
    await sleep(500);
    const idle = api.rssMiB();

    const stopUp = sampleRss(api);
    const form = new FormData();
    form.append('files', new Blob([file]), 'scan.pdf');
    let started = performance.now();
    const up = await fetch(`${api.url}/api/files/${requestId}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const upText = await up.text();
    const upSeconds = (performance.now() - started) / 1000;
    const upPeak = await stopUp();
    if (up.status !== 201) {
      throw api.failure(`Upload answered ${up.status}: ${upText}`);
    }
    const [stored] = JSON.parse(upText);

    const stopDown = sampleRss(api);
    started = performance.now();
    const down = await fetch(`${api.url}/api/files/${requestId}/${stored.id}`, { headers: auth });
    const hash = createHash('sha256');
    let received = 0;
    for await (const chunk of down.body) {
      hash.update(chunk);
      received += chunk.length;
    }
    const downSeconds = (performance.now() - started) / 1000;
    const downPeak = await stopDown();
    const same = hash.digest('hex') === createHash('sha256').update(file).digest('hex');
    if (down.status !== 200 || received !== file.length || !same) {
      throw api.failure(`Download answered ${down.status} with ${received} bytes (same: ${same})`);
    }
    const mb = file.length / 1_000_000;
    return {
      driver,
      idle,
      up: { mbps: mb / upSeconds, seconds: upSeconds, growth: upPeak - idle },
      down: { mbps: mb / downSeconds, seconds: downSeconds, growth: downPeak - idle },
    };
  } finally {
    Object.assign(process.env, saved);
    await api.stop();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  log(`bench:files — one ${FILE_MB} MB PDF up and down, drivers: ${DRIVERS.join(', ')}`);
  const dist = new DistSnapshot(root);
  const pg = new BenchPostgres(dist, root, log);
  const file = makePdf(Math.round(FILE_MB * 1_000_000));
  const results = [];
  try {
    const url = await pg.start();
    const caller = await seed(url);
    for (const driver of DRIVERS) {
      results.push(await measureDriver(driver, dist, url, file, caller));
    }
    await pg.dropDatabase();
  } finally {
    await pg.stop();
    dist.remove?.();
  }
  log('');
  log('driver  direction  seconds   MB/s   RSS idle  RSS growth (limit 150 MB)');
  let pass = true;
  for (const r of results) {
    for (const [direction, m] of [
      ['upload', r.up],
      ['download', r.down],
    ]) {
      const ok = m.growth < RSS_GROWTH_LIMIT_MB;
      pass &&= ok;
      log(
        `${r.driver.padEnd(7)} ${direction.padEnd(10)} ${m.seconds.toFixed(2).padStart(7)} ` +
          `${m.mbps.toFixed(1).padStart(6)}   ${String(r.idle).padStart(5)} MB  ` +
          `${String(m.growth).padStart(5)} MB  ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
  }
  log('');
  log(pass ? 'RESULT: PASS (memory stays flat: files stream)' : 'RESULT: FAIL');
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
