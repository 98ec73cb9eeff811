import request from 'supertest';
import { gazetteerVersion } from '../api/src/places/gazetteer';
import { PlacesController } from '../api/src/places/places.controller';
import { PlacesLoader } from '../api/src/places/places-loader';
import { createTestApp, TestApp } from './utils/test-app';

interface Place {
  id: string;
  label: string;
  city: string;
  region: string;
  countryCode: string;
  latitude: number;
  longitude: number;
}

describe(PlacesController.name, () => {
  let t: TestApp;

  const search = async (q: string, limit?: number): Promise<Place[]> => {
    const res = await request(t.http)
      .get('/api/places')
      .query(limit === undefined ? { q } : { q, limit })
      .expect(200);
    return (res.body as { places: Place[] }).places;
  };
  const first = async (q: string): Promise<string> => (await search(q))[0]?.label;

  beforeAll(async () => {
    // The whole gazetteer, as npm start loads it (other test files load the large cities only).
    t = await createTestApp({ PLACES_MIN_POPULATION: '0' });
    await t.app.get(PlacesLoader).whenReady();
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  describe('the start-up load', () => {
    it('should have stored the whole gazetteer once, with its version', async () => {
      const [state] = await t.dataSource.query<{ version: string; places: number }[]>(
        'SELECT version, places FROM place_gazetteer_state',
      );
      const [{ n }] = await t.dataSource.query<{ n: string }[]>('SELECT count(*) AS n FROM place');
      expect(state.version).toBe(gazetteerVersion(0));
      expect(Number(n)).toBe(state.places);
      expect(state.places).toBeGreaterThan(125_000);
    });

    it('should not load again when the table holds this version', async () => {
      expect(await t.app.get(PlacesLoader).ensureLoaded()).toEqual({
        loaded: false,
        places: 0,
        seconds: 0,
      });
    });
  });

  describe('GET /api/places', () => {
    it('should answer Berlin, Germany first for "Berlin", with its region and coordinates', async () => {
      const places = await search('Berlin');
      expect(places[0]).toEqual({
        id: '2950159',
        label: 'Berlin, State of Berlin, Germany',
        city: 'Berlin',
        region: 'State of Berlin',
        countryCode: 'DE',
        latitude: expect.closeTo(52.524, 2),
        longitude: expect.closeTo(13.411, 2),
      });
      // The smaller Berlins follow (the exact name before longer ones, accents aside).
      expect(places.slice(1, 4).map((p) => p.city)).toEqual(['Berlín', 'Berlin', 'Berlin']);
      expect(places.slice(1, 4).map((p) => p.countryCode)).toEqual(['SV', 'US', 'US']);
    });

    it('should rank realistic prefixes by population', async () => {
      expect(await first('Ber')).toBe('Berlin, State of Berlin, Germany');
      // A region named like its city is not repeated.
      expect(await first('Madr')).toBe('Madrid, Spain');
      expect(await first('Zag')).toBe('Zagreb, Croatia');
      expect(await first('New Y')).toBe('New York City, New York, United States');
    });

    it('should ignore case, accents and punctuation', async () => {
      expect(await first('São')).toBe('São Paulo, Brazil');
      expect(await first('sao paulo')).toBe('São Paulo, Brazil');
      expect(await first('ZURICH')).toBe('Zürich, Switzerland');
      expect(await first('krakow')).toBe('Kraków, Lesser Poland, Poland');
      expect((await search('Saint Etienne'))[0].city).toBe('Saint-Étienne');
    });

    it('should find a later word of a name, then a misspelt name', async () => {
      expect((await search('Petersburg')).map((p) => p.label)).toContain(
        'Saint Petersburg, St.-Petersburg, Russia',
      );
      expect(await first('Berln')).toBe('Berlin, State of Berlin, Germany');
    });

    it('should narrow by region or country after a comma, so a chosen label finds itself', async () => {
      const us = await search('Berlin, US');
      // The six Berlins of the US, then Berlín in Usulután ("us" starts a region's name too).
      expect(us.slice(0, 7).map((p) => p.countryCode)).toEqual([
        'US',
        'US',
        'US',
        'US',
        'US',
        'US',
        'SV',
      ]);
      expect(us[6].region).toBe('Usulutan');
      const germany = await search('Berlin, Germany');
      expect(germany[0].label).toBe('Berlin, State of Berlin, Germany');
      expect(germany.every((p) => p.countryCode === 'DE')).toBe(true);
      expect((await search('Paris, Texas'))[0]).toMatchObject({ city: 'Paris', region: 'Texas' });
      expect(await first('Berlin, State of Berlin, Germany')).toBe(
        'Berlin, State of Berlin, Germany',
      );
    });

    it('should answer 8 places by default and at most limit', async () => {
      expect(await search('San')).toHaveLength(8);
      expect(await search('San', 3)).toHaveLength(3);
      const twenty = await search('San', 20);
      expect(twenty).toHaveLength(20);
      expect(new Set(twenty.map((p) => p.id)).size).toBe(20);
    });

    it('should accept letters of any alphabet and answer an empty list for no match', async () => {
      expect(await search('Москва')).toEqual([]);
      expect(await search("L'Aquila (it) - x.")).toBeInstanceOf(Array);
      expect(await search('---')).toEqual([]);
    });

    it.each([
      ['Berlin;', 'q may hold only letters'],
      ['<script>', 'q may hold only letters'],
      ['50%', 'q may hold only letters'],
      ['a_b', 'q may hold only letters'],
      ['Berlin\\', 'q may hold only letters'],
      ['', 'q must be 1 to 60 characters'],
      ['x'.repeat(61), 'q must be 1 to 60 characters'],
    ])('should answer 400 for q=%j', async (q, message) => {
      const res = await request(t.http).get('/api/places').query({ q }).expect(400);
      expect(res.body.message).toContain(message);
      expect(res.body.errors).toHaveProperty('q');
    });

    it('should answer 400 without q, for two q and for a bad limit', async () => {
      await request(t.http).get('/api/places').expect(400);
      await request(t.http).get('/api/places?q=Berlin&q=Bern').expect(400);
      for (const limit of ['0', '21', 'x', '2.5']) {
        const res = await request(t.http).get('/api/places').query({ q: 'Berlin', limit });
        expect([limit, res.status, Object.keys(res.body.errors ?? {})]).toEqual([
          limit,
          400,
          ['limit'],
        ]);
      }
    });
  });

  describe('GET /api/places/visitor-country', () => {
    it('should answer HR when no header is configured, whatever the request carries', async () => {
      const res = await request(t.http)
        .get('/api/places/visitor-country')
        .set('CF-IPCountry', 'DE')
        .expect(200);
      expect(res.body).toEqual({ countryCode: 'HR' });
    });

    describe('with VISITOR_COUNTRY_HEADER', () => {
      let withHeader: TestApp;

      beforeAll(async () => {
        withHeader = await createTestApp({
          VISITOR_COUNTRY_HEADER: 'CF-IPCountry',
          HOSPITAL_SELECTION_COUNTRIES: 'de, AT',
        });
      });

      afterAll(async () => {
        await withHeader.close();
      });

      it.each([
        ['DE', 'DE'],
        ['at', 'AT'],
        [' XK ', 'XK'],
        ['XX', 'HR'],
        ['T1', 'HR'],
        ['DEU', 'HR'],
        ['', 'HR'],
      ])('should answer the header %j as %s', async (header, countryCode) => {
        const res = await request(withHeader.http)
          .get('/api/places/visitor-country')
          .set('cf-ipcountry', header)
          .expect(200);
        expect(res.body).toEqual({ countryCode });
      });

      it('should answer HR when the header is missing', async () => {
        const res = await request(withHeader.http).get('/api/places/visitor-country').expect(200);
        expect(res.body).toEqual({ countryCode: 'HR' });
      });

      it('should give the configured hospital-selection countries in GET /api/config', async () => {
        const res = await request(withHeader.http).get('/api/config').expect(200);
        expect(res.body.hospitalSelectionCountries).toEqual(['DE', 'AT']);
      });
    });
  });

  describe('GET /api/config', () => {
    it('should give no hospital-selection countries by default', async () => {
      const res = await request(t.http).get('/api/config').expect(200);
      expect(res.body.hospitalSelectionCountries).toEqual([]);
    });
  });
});
