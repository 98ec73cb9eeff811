import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { PlacesService } from '../api/src/places/places.service';
import { SearchIndexService } from '../api/src/search/index/search-index.service';
import { TrialsImportService } from '../api/src/trials/trials-import.service';
import { insertSite, insertTrial } from './factories/trials';
import { CTGOV_EXTRA_DIR, readStudies } from './utils/shipped-data';
import { createTestApp, TestApp } from './utils/test-app';

interface Location {
  facility: string;
  city: string;
  state?: string;
  country: string;
  geoPoint?: { lat: number; lon: number };
}
type Study = {
  protocolSection: {
    identificationModule: { nctId: string };
    contactsLocationsModule?: { locations?: Location[] };
  };
};

/** Within a city's extent of where the gazetteer puts it. */
const BERLIN = { lat: 52.52437, long: 13.41053 };
const melanomaNearBerlin = (radius: number) => ({
  type_of_disease: 'melanoma',
  country: 'DE',
  location: BERLIN,
  radius,
  radius_unit: 'KM',
  criterions: {},
});

const near = (at: { lat: number; lon: number } | null, lat: number, lon: number): void => {
  expect(at).not.toBeNull();
  expect(Math.abs(at!.lat - lat)).toBeLessThan(0.3);
  expect(Math.abs(at!.lon - lon)).toBeLessThan(0.3);
};

describe('Approximate site locations', () => {
  let t: TestApp;
  let places: PlacesService;
  let tmp: string;

  beforeAll(async () => {
    t = await createTestApp();
    places = t.app.get(PlacesService);
    tmp = mkdtempSync(join(tmpdir(), 'trialflow-locations-'));
  });

  afterAll(async () => {
    rmSync(tmp, { recursive: true, force: true });
    await t.close();
  });

  describe(PlacesService.name, () => {
    it('should find a city by its name, state and country', async () => {
      const [berlin, munich] = await places.locateCities([
        { city: 'Berlin', state: 'Berlin', country: 'Germany' },
        { city: 'Munich', state: 'Bayern', country: 'Germany' },
      ]);
      near(berlin, 52.52, 13.41);
      near(munich, 48.14, 11.58);
    });

    it('should answer null for a city the gazetteer lacks or a country it does not know', async () => {
      const found = await places.locateCities([
        { city: 'Nowhereville', state: 'Ohio', country: 'United States' },
        { city: 'Berlin', state: '', country: 'Atlantis' },
        { city: '', state: '', country: 'Germany' },
      ]);
      expect(found).toEqual([null, null, null]);
    });

    it('should take the namesake in the named country', async () => {
      const [spain, argentina] = await places.locateCities([
        { city: 'Córdoba', state: 'Andalucía', country: 'Spain' },
        { city: 'Cordoba', state: '', country: 'Argentina' },
      ]);
      near(spain, 37.88, -4.78);
      near(argentina, -31.41, -64.18);
    });

    it('should let the state decide between namesakes of one country, else take the largest', async () => {
      const [illinois, massachusetts, unknownState] = await places.locateCities([
        { city: 'Springfield', state: 'Illinois', country: 'United States' },
        { city: 'Springfield', state: 'Massachusetts', country: 'United States' },
        { city: 'Springfield', state: '', country: 'United States' },
      ]);
      near(illinois, 39.8, -89.64);
      near(massachusetts, 42.1, -72.59);
      // Springfield, Missouri is the most populous of them.
      near(unknownState, 37.22, -93.3);
    });
  });

  describe(TrialsImportService.name, () => {
    it('should give sites without coordinates their city’s, marked approximate, and keep exact ones', async () => {
      // A record of the field-limited export (no geoPoint anywhere) with a site in Berlin, and
      // the same record with exact coordinates on its first site.
      const melanoma = readStudies<Study>(CTGOV_EXTRA_DIR).find((s) =>
        (s.protocolSection.contactsLocationsModule?.locations ?? []).some(
          (l) => l.city === 'Berlin' && !l.geoPoint,
        ),
      )!;
      const locations = melanoma.protocolSection.contactsLocationsModule!.locations!;
      const exact = structuredClone(melanoma);
      exact.protocolSection.identificationModule.nctId = 'NCT99100001';
      exact.protocolSection.contactsLocationsModule!.locations![0].geoPoint = {
        lat: 10.5,
        lon: 20.5,
      };
      const file = join(tmp, 'melanoma.json');
      writeFileSync(file, JSON.stringify([melanoma, exact]));

      const report = await t.app.get(TrialsImportService).importPaths([file]);

      expect(report).toMatchObject({ new: 2, updated: 0 });
      expect(report.approximateSites + report.unlocatedSites).toBe(2 * locations.length - 1);
      expect(report.approximateSites).toBeGreaterThan(0);
      const sites = await t.dataSource.query<
        { nct_id: string; city: string; lat: number | null; lon: number | null; approx: boolean }[]
      >(
        `SELECT t.nct_id, s.city, s.lat, s.lon, s.approximate_location AS approx
         FROM site s JOIN trial t ON t.id = s.trial_id ORDER BY t.nct_id, s.id`,
      );
      const original = sites.filter(
        (s) => s.nct_id === melanoma.protocolSection.identificationModule.nctId,
      );
      const berlin = original.find((s) => s.city === 'Berlin')!;
      expect(berlin.approx).toBe(true);
      near({ lat: berlin.lat!, lon: berlin.lon! }, 52.52, 13.41);
      // Every site either has approximate coordinates or none; none claims to be exact.
      for (const s of original) {
        expect(s.approx).toBe(s.lat !== null);
      }
      // Radius search finds the record through its approximately placed Berlin site.
      const found = await request(t.http)
        .post('/api/trials/summary')
        .send(melanomaNearBerlin(50))
        .expect(200);
      const card = (
        found.body.trials as { nctId: string; nearestSite: Record<string, unknown> }[]
      ).find((c) => c.nctId === melanoma.protocolSection.identificationModule.nctId);
      expect(card?.nearestSite).toMatchObject({ city: 'Berlin', approximateLocation: true });
      const first = sites.find((s) => s.nct_id === 'NCT99100001')!;
      expect(first).toMatchObject({ lat: 10.5, lon: 20.5, approx: false });
      const [stored] = await t.dataSource.query<{ n: string }[]>(
        'SELECT count(*) AS n FROM site WHERE approximate_location',
      );
      expect(Number(stored.n)).toBe(report.approximateSites);
    });
  });

  describe('search and details', () => {
    it('should flag a distance to an approximately placed site and not one to an exact site', async () => {
      const trial = await insertTrial(t.dataSource, {
        conditions: ['melanoma'],
        briefTitle: 'A melanoma trial with one placed site',
      });
      // Placed at Potsdam's centre (~27 km from Berlin), and an exact site farther away.
      const placed = await insertSite(t.dataSource, {
        trialId: trial.id,
        facilityName: 'Klinikum Ernst von Bergmann',
        city: 'Potsdam',
        state: 'Brandenburg',
        zip: '',
        status: '',
        lat: 52.39886,
        lon: 13.06566,
        approximateLocation: true,
      });
      await insertSite(t.dataSource, {
        trialId: trial.id,
        facilityName: 'Universitätsklinikum Leipzig',
        city: 'Leipzig',
        state: 'Saxony',
        lat: 51.3397,
        lon: 12.3731,
      });
      t.app.get(SearchIndexService).markStale();

      const res = await request(t.http)
        .post('/api/trials/summary')
        .send(melanomaNearBerlin(300))
        .expect(200);
      const card = (
        res.body.trials as {
          nctId: string;
          nearestSite: { facilityId: number; distance: number; approximateLocation: boolean };
          sitesInRadius: number;
        }[]
      ).find((c) => c.nctId === trial.nctId);
      expect(card?.nearestSite).toMatchObject({
        facilityId: placed.facilityId,
        approximateLocation: true,
      });
      expect(card?.nearestSite.distance).toBeGreaterThan(20);
      expect(card?.nearestSite.distance).toBeLessThan(35);
      expect(card?.sitesInRadius).toBe(2);

      const details = await request(t.http)
        .get(`/api/trials/${trial.nctId}`)
        .query({
          q: Buffer.from(JSON.stringify({ latitude: BERLIN.lat, longitude: BERLIN.long })).toString(
            'base64',
          ),
        })
        .expect(200);
      const flags = (details.body.sites as { city: string; approximateLocation: boolean }[]).map(
        (s) => [s.city, s.approximateLocation],
      );
      expect(flags).toEqual([
        ['Potsdam', true],
        ['Leipzig', false],
      ]);
    });
  });
});
