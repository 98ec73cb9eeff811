import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { RULES_ENGINE_VERSION } from '../api/src/eligibility/extract-rules';
import { TrialsImportService } from '../api/src/trials/trials-import.service';
import { TrialsStartupImport } from '../api/src/trials/trials-startup-import';
import { CTGOV_DIR, CTGOV_EXTRA_DIR, readIndex, readStudies } from './utils/shipped-data';
import { createTestApp, TestApp } from './utils/test-app';

const CTGOV = CTGOV_DIR;

type Study = {
  protocolSection: {
    identificationModule: { nctId: string; briefTitle: string };
    statusModule: { lastUpdatePostDateStruct: { date: string } };
    contactsLocationsModule?: { locations?: { geoPoint?: unknown }[] };
  };
};

const index = readIndex(CTGOV);

/** A shipped study under another NCT id, so it imports as new. */
function renamed(study: Study, nctId: string): Study {
  const copy = structuredClone(study);
  copy.protocolSection.identificationModule.nctId = nctId;
  return copy;
}

describe('Trials import', () => {
  let t: TestApp;
  let importer: TrialsImportService;
  let studies: Study[];
  let tmp: string;
  let first: Awaited<ReturnType<TrialsImportService['importPaths']>>;
  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    Number((await t.dataSource.query<{ n: string }[]>(sql, params))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    importer = t.app.get(TrialsImportService);
    studies = readStudies<Study>(CTGOV);
    tmp = mkdtempSync(join(tmpdir(), 'trialflow-import-'));
    first = await importer.importPaths([CTGOV]);
  });

  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await t.close();
  });

  it('should store every shipped study, one per NCT id of index.json, with its sites', async () => {
    expect(first).toMatchObject({ new: 269, updated: 0, skipped: {}, files: 7, studies: 269 });
    expect(first.genesFile).toBe(resolve(CTGOV, '..', 'genes.txt'));
    const stored = await t.dataSource.query<
      {
        nct_id: string;
      }[]
    >('SELECT nct_id FROM trial ORDER BY nct_id');
    expect(stored.map((r) => r.nct_id)).toEqual(index.map((e) => e.nctId).sort());
    const locations = studies.flatMap(
      (s) => s.protocolSection.contactsLocationsModule?.locations ?? [],
    );
    expect(await count('SELECT count(*) AS n FROM site')).toBe(locations.length);
    const exact =
      'SELECT count(*) AS n FROM site WHERE lat IS NOT NULL AND NOT approximate_location';
    expect(await count(exact)).toBe(locations.filter((l) => l.geoPoint).length);
    expect(await count(exact)).toBe(2324);
    // The 64 locations without a geoPoint: those whose city the (test-sized) gazetteer holds
    // got its coordinates, marked approximate; the others have none.
    expect(first.approximateSites + first.unlocatedSites).toBe(2388 - 2324);
    expect(await count('SELECT count(*) AS n FROM site WHERE approximate_location')).toBe(
      first.approximateSites,
    );
    expect(
      await count('SELECT count(*) AS n FROM site WHERE approximate_location AND lat IS NULL'),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM site WHERE lat IS NULL')).toBe(
      first.unlocatedSites,
    );
    expect(await count('SELECT count(*) AS n FROM site WHERE facility_id IS NULL')).toBe(0);
  });

  it('should map hand-checked studies to at least the conditions index.json lists', async () => {
    const checked = ['NCT00003497', 'NCT01515527', 'NCT00003454', 'NCT01518517', 'NCT00099086'];
    const rows = await t.dataSource.query<
      { nct_id: string; conditions: string[]; specificity: string }[]
    >('SELECT nct_id, conditions, specificity FROM trial WHERE nct_id = ANY($1) ORDER BY nct_id', [
      [...checked, 'NCT00001579', 'NCT01929941'],
    ]);
    const byId = new Map(rows.map((r) => [r.nct_id, r]));
    for (const id of checked) {
      const expected = index.find((e) => e.nctId === id)!.conditions;
      expect(byId.get(id)?.conditions).toEqual(expect.arrayContaining(expected));
      expect(byId.get(id)?.specificity).toBe('specific');
    }
    expect(byId.get('NCT00003497')?.conditions).toEqual(['lung_cancer']);
    expect(byId.get('NCT00001579')).toMatchObject({ conditions: [], specificity: 'pantumor' });
    expect(byId.get('NCT01929941')).toMatchObject({
      conditions: ['breast_cancer', 'pancreatic_cancer'],
      specificity: 'basket',
    });
    const pantumor = await count("SELECT count(*) AS n FROM trial WHERE specificity = 'pantumor'");
    expect(pantumor).toBe(index.filter((e) => e.panTumorConditionsOnly).length);
  });

  it('should report 0 new and all unchanged on a second import', async () => {
    const again = await importer.importPaths([CTGOV]);
    expect(again).toMatchObject({ new: 0, updated: 0, skipped: { unchanged: 269 } });
  });

  it('should import an NDJSON file and a { studies } page', async () => {
    const folder = mkdtempSync(join(tmp, 'formats-'));
    writeFileSync(
      join(folder, 'lines.ndjson'),
      [renamed(studies[0], 'NCT99000001'), renamed(studies[1], 'NCT99000002')]
        .map((s) => JSON.stringify(s))
        .join('\n'),
    );
    writeFileSync(
      join(folder, 'page.json'),
      JSON.stringify({ studies: [renamed(studies[2], 'NCT99000003')], nextPageToken: 'abc' }),
    );
    const report = await importer.importPaths([folder]);
    expect(report).toMatchObject({ new: 3, updated: 0, skipped: {}, files: 2 });
    expect(await count("SELECT count(*) AS n FROM trial WHERE nct_id LIKE 'NCT99%'")).toBe(3);
  });

  it('should import the good record of a malformed file and report the others', async () => {
    const before = await count('SELECT count(*) AS n FROM trial');
    const file = join(tmp, 'malformed.ndjson');
    writeFileSync(
      file,
      [
        JSON.stringify(renamed(studies[3], 'NCT99000010')),
        JSON.stringify({ protocolSection: { identificationModule: { briefTitle: 'No id' } } }),
        '{"protocolSection": {',
      ].join('\n'),
    );
    const report = await importer.importPaths([file]);
    expect(report).toMatchObject({
      new: 1,
      updated: 0,
      skipped: { 'no NCT id': 1, 'unparsable line': 1 },
    });
    expect(await count('SELECT count(*) AS n FROM trial')).toBe(before + 1);
  });

  it('should update a changed record and replace its sites', async () => {
    const original = studies.find(
      (s) => (s.protocolSection.contactsLocationsModule?.locations?.length ?? 0) >= 3,
    )!;
    const nctId = original.protocolSection.identificationModule.nctId;
    const sites = original.protocolSection.contactsLocationsModule!.locations!.length;
    const facilitiesBefore = await t.dataSource.query<{ facility_id: number }[]>(
      'SELECT s.facility_id FROM site s JOIN trial t ON t.id = s.trial_id WHERE t.nct_id = $1 ORDER BY 1',
      [nctId],
    );
    const changed = structuredClone(original);
    changed.protocolSection.identificationModule.briefTitle = 'A retitled study';
    changed.protocolSection.statusModule.lastUpdatePostDateStruct = { date: '2030-01-02' };
    const file = join(tmp, 'changed.json');
    writeFileSync(file, JSON.stringify([changed]));

    const report = await importer.importPaths([file]);

    expect(report).toMatchObject({ new: 0, updated: 1, skipped: {} });
    const [row] = await t.dataSource.query<{ brief_title: string; d: string }[]>(
      'SELECT brief_title, last_update_date::text AS d FROM trial WHERE nct_id = $1',
      [nctId],
    );
    expect(row).toEqual({ brief_title: 'A retitled study', d: '2030-01-02' });
    const facilitiesAfter = await t.dataSource.query<{ facility_id: number }[]>(
      'SELECT s.facility_id FROM site s JOIN trial t ON t.id = s.trial_id WHERE t.nct_id = $1 ORDER BY 1',
      [nctId],
    );
    expect(facilitiesAfter).toHaveLength(sites);
    // Facilities keep their ids across imports.
    expect(facilitiesAfter).toEqual(facilitiesBefore);
  });

  it('should answer radius queries on sites through the GiST index on their facilities', async () => {
    const indexes = await t.dataSource.query<{ indexdef: string }[]>(
      "SELECT indexdef FROM pg_indexes WHERE tablename = 'facility' AND indexname = 'IDX_facility_earth'",
    );
    expect(indexes[0]?.indexdef).toMatch(/USING gist \(ll_to_earth\(lat, lon\)\)/);
    await t.dataSource.query('ANALYZE site; ANALYZE facility');
    const radius = 50_000;
    const near = `SELECT s.id FROM facility f JOIN site s ON s.facility_id = f.id
      WHERE earth_box(ll_to_earth(52.52, 13.405), ${radius}) @> ll_to_earth(f.lat, f.lon)
        AND earth_distance(ll_to_earth(52.52, 13.405), ll_to_earth(f.lat, f.lon)) < ${radius}`;
    const plan = async (): Promise<string> =>
      (await t.dataSource.query<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${near}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    // Sites are never scanned whole: they are reached through their facility.
    expect(await plan()).not.toMatch(/Seq Scan on site/);
    // The few hundred test facilities tempt the planner into scanning them; the index must serve.
    await t.dataSource.query('SET enable_seqscan = off');
    try {
      const indexed = await plan();
      expect(indexed).toContain('IDX_facility_earth');
      expect(indexed).not.toContain('Seq Scan');
    } finally {
      await t.dataSource.query('RESET enable_seqscan');
    }
    const found = await t.dataSource.query<{ id: number }[]>(near);
    const berlin = await count(
      "SELECT count(*) AS n FROM site WHERE city = 'Berlin' AND lat IS NOT NULL",
    );
    expect(found.length).toBeGreaterThanOrEqual(berlin);
    expect(berlin).toBeGreaterThan(0);
  });

  it('should derive the stored rules again at start when an older extraction read them', async () => {
    const startup = t.app.get(TrialsStartupImport);
    await startup.whenDone();
    const version = async (): Promise<number> =>
      (
        await t.dataSource.query<{ v: number }[]>(
          'SELECT rules_engine AS v FROM trial_store_state WHERE id = 1',
        )
      )[0].v;
    // The start of this app, on an empty store, recorded its extraction as current.
    expect(await version()).toBe(RULES_ENGINE_VERSION);
    const [trial] = await t.dataSource.query<{ id: number; rules: unknown[] }[]>(
      'SELECT id, rules FROM trial WHERE jsonb_array_length(rules) > 0 ORDER BY id LIMIT 1',
    );
    await t.dataSource.query("UPDATE trial SET rules = '[]'::jsonb WHERE id = $1", [trial.id]);
    const rulesNow = async (): Promise<unknown> =>
      (
        await t.dataSource.query<{ rules: unknown }[]>('SELECT rules FROM trial WHERE id = $1', [
          trial.id,
        ])
      )[0].rules;
    // Current rules are not read again at start.
    expect(await startup.rederiveIfEngineChanged()).toBeNull();
    expect(await rulesNow()).toEqual([]);
    // Rules of an older extraction are.
    await t.dataSource.query('UPDATE trial_store_state SET rules_engine = $1 WHERE id = 1', [
      RULES_ENGINE_VERSION - 1,
    ]);
    const result = await startup.rederiveIfEngineChanged();
    expect(result?.trials).toBe(await count('SELECT count(*) AS n FROM trial'));
    expect(result?.changed).toBeGreaterThanOrEqual(1);
    expect(await rulesNow()).toEqual(trial.rules);
    expect(await version()).toBe(RULES_ENGINE_VERSION);
  });

  // 857 records and the gazetteer's load, beside the other test files: minutes on a busy machine.
  it('should import the shipped records into an empty store at start, the health check answering meanwhile', async () => {
    // 'data', the default outside tests, relative to the repository root.
    const other = await createTestApp({ TRIALS_IMPORT_DIR: 'data' });
    try {
      await request(other.http).get('/api/health').expect(200);
      await other.app.get(TrialsStartupImport).whenDone();
      const shipped = [...readIndex(CTGOV_DIR), ...readIndex(CTGOV_EXTRA_DIR)];
      expect(shipped).toHaveLength(269 + 588);
      const stored = await other.dataSource.query<{ nct_id: string }[]>(
        'SELECT nct_id FROM trial ORDER BY nct_id',
      );
      expect(stored.map((r) => r.nct_id)).toEqual(shipped.map((e) => e.nctId).sort());
      // Gene names come from data/genes.txt: an EGFR trial of the shipped set has it.
      const [egfr] = await other.dataSource.query<{ n: string }[]>(
        "SELECT count(*) AS n FROM trial WHERE genes @> '{EGFR}'",
      );
      expect(Number(egfr.n)).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  }, 180_000);
});
