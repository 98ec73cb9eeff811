import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { FacilityGroupsController } from '../api/src/facilities/facility-groups.controller';
import { parseFacilityGroupsFile } from '../api/src/facilities/facility-groups-file';
import { FacilityGroupsService } from '../api/src/facilities/facility-groups.service';
import { TrialsImportService } from '../api/src/trials/trials-import.service';
import { CTGOV_DIR } from './utils/shipped-data';
import { createTestApp, TestApp } from './utils/test-app';

const CTGOV = CTGOV_DIR;

type FacilityMap = Record<string, { facility: string; city: string; state: string }>;
interface FacilityRow {
  id: number;
  name: string;
  city: string;
  state: string;
}

describe(FacilityGroupsController.name, () => {
  let t: TestApp;
  let groups: FacilityGroupsService;
  let tmp: string;
  let charite: FacilityRow;
  let helios: FacilityRow;
  const file = (): string => join(tmp, 'groups.json');

  const facility = async (name: string, city: string): Promise<FacilityRow> => {
    const rows = await t.dataSource.query<FacilityRow[]>(
      'SELECT id, name, city, state FROM facility WHERE name = $1 AND city = $2',
      [name, city],
    );
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  const entry = (f: FacilityRow): FacilityMap[string] => ({
    facility: f.name,
    city: f.city,
    state: f.state,
  });
  /** What the CLI's import does: read the file, check it, define the groups. */
  const importFile = async (
    json: unknown,
  ): Promise<Awaited<ReturnType<FacilityGroupsService['importGroups']>>> => {
    writeFileSync(file(), JSON.stringify(json));
    return groups.importGroups(parseFacilityGroupsFile(JSON.parse(readFileSync(file(), 'utf8'))));
  };
  const groupFile = (members: unknown[]): unknown => ({
    groups: [{ id: '3', name: 'Berlin partners', facilities: members }],
  });

  beforeAll(async () => {
    t = await createTestApp();
    groups = t.app.get(FacilityGroupsService);
    tmp = mkdtempSync(join(tmpdir(), 'trialflow-groups-'));
    await t.app.get(TrialsImportService).importPaths([CTGOV]);
    charite = await facility('Charité Berlin', 'Berlin');
    helios = await facility('HELIOS Klinikum Emil von Behring', 'Berlin');
  });

  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await t.close();
  });

  it('should import a groups file, matching names case-insensitively and reporting misses', async () => {
    const result = await importFile(
      groupFile([
        { facility: 'charité BERLIN', city: 'berlin', country: 'GERMANY' },
        { facility: 'Nowhere Clinic', city: 'Atlantis', country: 'Germany' },
        { id: helios.id },
        { id: 99_999_999 },
      ]),
    );
    expect(result).toEqual([
      {
        id: '3',
        name: 'Berlin partners',
        members: 2,
        unmatched: [
          { facility: 'Nowhere Clinic', city: 'Atlantis', country: 'Germany' },
          { id: 99_999_999 },
        ],
      },
    ]);
  });

  it('should answer the country facility map of the group on both paths', async () => {
    const expected: FacilityMap = {
      [charite.id]: entry(charite),
      [helios.id]: entry(helios),
    };
    const api = await request(t.http).get('/api/facilities/groups/3').expect(200);
    expect(api.body).toEqual(expected);
    expect(expected[charite.id]).toEqual({ facility: 'Charité Berlin', city: 'Berlin', state: '' });
    const spec = await request(t.http)
      .get('/facilities/trialflow-facilities.prod/Facility_grouping_3.json')
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(spec.body).toEqual(expected);
    // The spec path lives outside the /api prefix only.
    await request(t.http).get('/api/facilities/b/Facility_grouping_3.json').expect(404);
  });

  it('should add every stored facility of a country, and of a city, to a group', async () => {
    const german = await t.dataSource.query<FacilityRow[]>(
      "SELECT id, name, city, state FROM facility WHERE country = 'Germany' ORDER BY id",
    );
    expect(german.length).toBeGreaterThan(50);
    const created = await groups.addByPlace({ id: '4', name: 'Germany', country: 'germany' });
    expect(created).toEqual({
      id: '4',
      name: 'Germany',
      added: german.length,
      members: german.length,
    });
    const map = (await request(t.http).get('/api/facilities/groups/4').expect(200))
      .body as FacilityMap;
    expect(map).toEqual(Object.fromEntries(german.map((f) => [f.id, entry(f)])));

    const hamburg = german.filter((f) => f.city === 'Hamburg');
    expect(hamburg.length).toBeGreaterThan(0);
    const extended = await groups.addByPlace({ id: '3', country: 'Germany', city: 'hamburg' });
    expect(extended).toEqual({
      id: '3',
      name: 'Berlin partners',
      added: hamburg.length,
      members: 2 + hamburg.length,
    });
    const again = await groups.addByPlace({ id: '3', country: 'Germany', city: 'Hamburg' });
    expect(again).toMatchObject({ added: 0, members: 2 + hamburg.length });
    await expect(groups.addByPlace({ id: '5', country: 'Germany' })).rejects.toThrow(
      'Facility group 5 does not exist yet: give it a --name.',
    );
    expect(await groups.list()).toEqual([
      { id: '3', name: 'Berlin partners', members: 2 + hamburg.length },
      { id: '4', name: 'Germany', members: german.length },
    ]);
  });

  it('should drop from the group a facility removed from the file on re-import', async () => {
    const result = await importFile(groupFile([{ id: helios.id }]));
    expect(result).toEqual([{ id: '3', name: 'Berlin partners', members: 1, unmatched: [] }]);
    const map = (await request(t.http).get('/api/facilities/groups/3').expect(200))
      .body as FacilityMap;
    expect(map).toEqual({ [helios.id]: entry(helios) });
    // Groups the file does not list are left as they were.
    const germany = (await request(t.http).get('/api/facilities/groups/4').expect(200))
      .body as FacilityMap;
    expect(germany[charite.id]).toEqual(entry(charite));
  });

  it('should answer 404 for an unknown group on both paths', async () => {
    for (const path of ['/api/facilities/groups/6', '/facilities/b/Facility_grouping_6.json']) {
      const res = await request(t.http).get(path).expect(404);
      expect(res.body).toMatchObject({
        statusCode: 404,
        message: 'Facility group 6 does not exist.',
      });
    }
  });

  it('should answer 400 naming the field for a malformed id or bucket', async () => {
    for (const path of [
      '/api/facilities/groups/abc',
      '/api/facilities/groups/1234',
      '/facilities/b/Facility_grouping_x3.json',
    ]) {
      const res = await request(t.http).get(path).expect(400);
      expect({ path, errors: res.body.errors }).toEqual({ path, errors: { id: 'matches' } });
    }
    const bucket = await request(t.http)
      .get('/facilities/Bad_Bucket/Facility_grouping_3.json')
      .expect(400);
    expect(bucket.body.errors).toEqual({ bucket: 'matches' });
  });
});

describe('Facility group file path beside the web app', () => {
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'trialflow-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>spa</title>');
    t = await createTestApp({ WEB_DIST_DIR: web });
  });

  afterAll(async () => {
    rmSync(web, { recursive: true, force: true });
    await t.close();
  });

  it('should leave /facilities/… to the API while client routes get index.html', async () => {
    const res = await request(t.http).get('/facilities/b/Facility_grouping_3.json').expect(404);
    expect(res.body).toMatchObject({ message: 'Facility group 3 does not exist.' });
    const spa = await request(t.http).get('/details/NCT00003497').expect(200);
    expect(spa.text).toContain('<title>spa</title>');
  });
});
