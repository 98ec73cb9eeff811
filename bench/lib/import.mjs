// Import speed through the real import path (TrialsImportService wired as the trials:import CLI
// wires it), on the shipped ClinicalTrials.gov records cloned in memory under new NCT ids
// (NCT99xxxxxx). Afterwards the store is emptied and only the real records are imported: they
// are what the synthetic data is cloned from.
import { performance } from 'node:perf_hooks';

const CLONE_PREFIX = 'NCT99';

function cloneWithId(record, nctId) {
  const copy = structuredClone(record);
  const id = copy?.protocolSection?.identificationModule;
  if (id) {
    id.nctId = nctId;
  }
  return copy;
}

/** Adds the time spent in an async method of `target` to `totals[name]`. */
function timeMethod(target, name, totals) {
  const original = target[name].bind(target);
  totals[name] = 0;
  target[name] = async (...args) => {
    const started = performance.now();
    try {
      return await original(...args);
    } finally {
      totals[name] += performance.now() - started;
    }
  };
}

/**
 * @param {import('./dist.mjs').DistSnapshot} dist
 * @param {{ url: string, ctgovDir: string, genesFile: string, minRecords: number,
 *           log: (m: string) => void }} options
 */
export async function measureImport(dist, { url, ctgovDir, genesFile, minRecords, log }) {
  const { DataSource } = dist.require('typeorm');
  const { dataSourceOptions } = dist.load('database/data-source-options');
  const { Trial } = dist.load('trials/trial.entity');
  const { Facility } = dist.load('facilities/facility.entity');
  const { TrialsRepository } = dist.load('trials/trials.repository');
  const { FacilitiesRepository } = dist.load('facilities/facilities.repository');
  const { TrialsImportService } = dist.load('trials/trials-import.service');
  const { expandPaths, readStudyFile } = dist.load('trials/ctgov/ctgov-files');
  const { parseStudy, InvalidRecordError } = dist.load('trials/ctgov/ctgov-record');
  const { geneMatcher, parseGeneList } = dist.load('trials/ctgov/ctgov-classify');
  const { readFileSync } = await import('node:fs');

  // 1. Reading and JSON-parsing the shipped files (what importPaths does first).
  let started = performance.now();
  const files = expandPaths([ctgovDir]);
  const real = [];
  for (const file of files) {
    for (const entry of await readStudyFile(file)) {
      if ('record' in entry) {
        real.push(entry.record);
      }
    }
  }
  const fileMs = performance.now() - started;

  // 2. The records to import: the real ones and copies of them under new ids.
  const records = [...real];
  for (let copy = 0; records.length < minRecords; copy++) {
    for (const record of real) {
      const n = String(records.length - real.length + 1).padStart(6, '0');
      records.push(cloneWithId(record, `${CLONE_PREFIX}${n}`));
    }
  }

  // 3. Extraction alone (parseStudy: fields, conditions, genes, eligibility rules), no database.
  const matchGenes = geneMatcher(parseGeneList(readFileSync(genesFile, 'utf8')));
  started = performance.now();
  let parsed = 0;
  for (const record of records) {
    try {
      parseStudy(record, matchGenes);
      parsed++;
    } catch (error) {
      if (!(error instanceof InvalidRecordError)) {
        throw error;
      }
    }
  }
  const extractMs = performance.now() - started;

  // 4. The real import: the same service and repositories the API and the CLI use.
  const ds = new DataSource(dataSourceOptions(url, false));
  await ds.initialize();
  try {
    const trials = new TrialsRepository(
      ds.getRepository(Trial),
      new FacilitiesRepository(ds.getRepository(Facility)),
    );
    const db = {};
    timeMethod(trials, 'findVersionsByNctIds', db);
    timeMethod(trials, 'upsertWithSites', db);
    const importer = new TrialsImportService(trials);
    started = performance.now();
    const counts = await importer.importRecords(records, genesFile);
    const importMs = performance.now() - started;
    const dbMs = db.findVersionsByNctIds + db.upsertWithSites;
    const result = {
      records: records.length,
      realRecords: real.length,
      files: files.length,
      counts,
      seconds: importMs / 1000,
      studiesPerSecond: records.length / (importMs / 1000),
      fileParseSeconds: fileMs / 1000,
      fileParsePerSecond: real.length / (fileMs / 1000),
      extractSeconds: extractMs / 1000,
      extractPerSecond: parsed / (extractMs / 1000),
      dbSeconds: dbMs / 1000,
      upsertSeconds: db.upsertWithSites / 1000,
      versionLookupSeconds: db.findVersionsByNctIds / 1000,
    };
    log(
      `Import: ${records.length} records (${real.length} real + ${records.length - real.length} ` +
        `clones) in ${result.seconds.toFixed(2)} s = ${Math.round(result.studiesPerSecond)} studies/s ` +
        `(${counts.new} new, skipped ${JSON.stringify(counts.skipped)})`,
    );
    log(
      `  where the time goes: extraction (parseStudy) ≈ ${result.extractSeconds.toFixed(2)} s ` +
        `[${Math.round(result.extractPerSecond)}/s alone], database ${result.dbSeconds.toFixed(2)} s ` +
        `(upsertWithSites ${result.upsertSeconds.toFixed(2)} s, version lookup ` +
        `${result.versionLookupSeconds.toFixed(2)} s); reading + JSON.parse of the ${files.length} ` +
        `files ${result.fileParseSeconds.toFixed(2)} s for ${real.length} records ` +
        `(not in the figure above)`,
    );

    // 5. Only the real records stay: the synthetic trials are cloned from them in SQL.
    await ds.query('TRUNCATE trial, site, facility RESTART IDENTITY CASCADE');
    const report = await importer.importPaths([ctgovDir], { genesFile });
    log(
      `Source data: ${report.new} real trials imported from ${report.files} files ` +
        `(${report.studies} records, skipped ${JSON.stringify(report.skipped)})`,
    );
    return result;
  } finally {
    await ds.destroy().catch(() => undefined);
  }
}
