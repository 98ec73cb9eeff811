// `npm run bench:import`: import speed alone (the first step of bench:search), through the real
// import path on the shipped ClinicalTrials.gov records (data/ctgov) cloned under new ids, on the embedded
// Postgres in .data/bench-postgres (or BENCH_DATABASE_URL). Prints studies per second and where
// the time goes. BENCH_IMPORT_RECORDS sets the record count (default 5000).
import { join, resolve } from 'node:path';
import { DistSnapshot } from './lib/dist.mjs';
import { measureImport } from './lib/import.mjs';
import { BenchPostgres } from './lib/postgres.mjs';

const root = resolve(import.meta.dirname, '..');
const RECORDS = Number(process.env.BENCH_IMPORT_RECORDS ?? 5000);
const TARGET = 1000;
const log = (m) => console.log(m);

const dist = new DistSnapshot(root);
const pg = new BenchPostgres(dist, root, log);
try {
  const url = await pg.start();
  const data = join(root, 'data');
  const result = await measureImport(dist, {
    url,
    ctgovDir: join(data, 'ctgov'),
    genesFile: join(data, 'genes.txt'),
    minRecords: RECORDS,
    log,
  });
  const ok = result.studiesPerSecond >= TARGET;
  log(
    `Import: ${Math.round(result.studiesPerSecond)} studies/s (target ≥ ${TARGET}) ` +
      (ok ? 'PASS' : 'FAIL'),
  );
  await pg.dropDatabase();
} finally {
  await pg.stop();
  dist.remove();
}
