import request from 'supertest';
import { gazetteerVersion } from '../api/src/places/gazetteer';
import { PlacesController } from '../api/src/places/places.controller';
import { PlacesLoader } from '../api/src/places/places-loader';
import { PlacesRepository } from '../api/src/places/places.repository';
import { PlacesService } from '../api/src/places/places.service';
import { escapeLike, normalizePlaceText } from '../api/src/places/search-text';
import { createTestApp, TestApp } from './utils/test-app';

interface Place {
  id: string;
  label: string;
  city: string;
  postcode?: string;
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
    // The index is built at the first search; the tests below search it.
    expect(await t.app.get(PlacesLoader).whenIndexed()).not.toBeNull();
  }, 240_000);

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
      const [counts] = await t.dataSource.query<{ names: string; postcodes: string }[]>(
        `SELECT (SELECT count(*) FROM place_name) AS names,
           (SELECT count(*) FROM place_postcode) AS postcodes`,
      );
      expect(Number(counts.names)).toBeGreaterThan(200_000);
      expect(Number(counts.postcodes)).toBeGreaterThan(50_000);
    });

    it('should not load again when the table holds this version', async () => {
      expect(await t.app.get(PlacesLoader).ensureLoaded()).toEqual({
        loaded: false,
        places: 0,
        names: 0,
        postcodes: 0,
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
      // Petersburg is also one of Saint Petersburg's other names: it shows first, by that name.
      expect((await search('Petersburg'))[0].label).toBe(
        'Petersburg (Saint Petersburg), St.-Petersburg, Russia',
      );
      expect((await search('Petersbu')).map((p) => p.city)).toContain('Petersburg');
      expect(await first('Berln')).toBe('Berlin, State of Berlin, Germany');
    });

    it('should narrow by region or country after a comma, so a chosen label finds itself', async () => {
      const us = await search('Berlin, US');
      // The six Berlins of the US by their own name, US places with Berlin as another
      // (historical) name by theirs ("Berlin (North Canton)"), and Berlín in Usulután ("us" starts a
      // region's name too).
      const names = us.map((p) => `${p.countryCode} ${p.label.split(',')[0]}`);
      expect(names.filter((n) => n === 'US Berlin')).toHaveLength(6);
      expect(names.slice(0, 4)).toEqual(Array(4).fill('US Berlin'));
      expect(us.every((p) => p.countryCode === 'US' || p.region === 'Usulutan')).toBe(true);
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
      // Other names are kept in the Latin script only.
      expect(await search('Москва')).toEqual([]);
      expect(await search('Xqzwv')).toEqual([]);
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

  describe('GET /api/places: the names doctors type', () => {
    it.each([
      ['München', 'Munich', 'DE', 'München (Munich), Bavaria, Germany'],
      ['Wien', 'Vienna', 'AT', 'Wien (Vienna), Austria'],
      ['Milano', 'Milan', 'IT', 'Milano (Milan), Lombardy, Italy'],
      ['Köln', 'Köln', 'DE', 'Köln, North Rhine-Westphalia, Germany'],
      ['Cologne', 'Köln', 'DE', 'Cologne (Köln), North Rhine-Westphalia, Germany'],
      ['Zürich', 'Zürich', 'CH', 'Zürich, Switzerland'],
      ['Sevilla', 'Sevilla', 'ES', 'Sevilla, Andalusia, Spain'],
      ['Seville', 'Sevilla', 'ES', 'Seville (Sevilla), Andalusia, Spain'],
      ['Séville', 'Sevilla', 'ES', 'Séville (Sevilla), Andalusia, Spain'],
      ['Genève', 'Genève', 'CH', 'Genève, Geneva, Switzerland'],
      ['Geneva', 'Genève', 'CH', 'Geneva (Genève), Geneva, Switzerland'],
    ])('should answer %j with the big city first', async (q, city, countryCode, label) => {
      const [top] = await search(q);
      expect(top).toMatchObject({ city, countryCode, label });
    });

    it('should match other names whatever the case and accents, and while typed', async () => {
      for (const q of ['münchen', 'MÜNCHEN', 'munchen', 'Münch', 'muench']) {
        expect([q, (await search(q))[0]?.city]).toEqual([q, 'Munich']);
      }
      const expected: Record<string, string> = {
        wien: 'Vienna',
        WIEN: 'Vienna',
        // Under four letters other names match only whole: own names starting with it come first.
        Wie: 'Wiesbaden',
        koln: 'Köln',
        KÖLN: 'Köln',
        zurich: 'Zürich',
        geneve: 'Genève',
        milan: 'Milan',
        sevill: 'Sevilla',
      };
      for (const [q, city] of Object.entries(expected)) {
        expect([q, (await search(q))[0]?.city]).toEqual([q, city]);
      }
      // The other name is shown as it is being typed.
      expect(await first('Milano')).toBe('Milano (Milan), Lombardy, Italy');
      expect(await first('Milánó')).toBe('Milánó (Milan), Lombardy, Italy');
      expect(await first('munchen')).toBe('Munchen (Munich), Bavaria, Germany');
    });

    it('should give the coordinates of the city found by another name', async () => {
      const [munich] = await search('München');
      expect(munich.latitude).toBeCloseTo(48.137, 2);
      expect(munich.longitude).toBeCloseTo(11.575, 2);
      expect(munich.id).toBe('2867714');
    });

    it('should find a chosen label with another name again when it is typed back', async () => {
      const [munich] = await search('München (Munich), Bavaria, Germany');
      expect(munich.label).toBe('München (Munich), Bavaria, Germany');
      expect((await search('Wien (Vienna), Austria'))[0].city).toBe('Vienna');
      // A name with brackets of its own still finds itself.
      expect((await search('Frankfurt (Oder)'))[0].city).toBe('Frankfurt (Oder)');
    });

    it('should keep the own name first where it matches too, and narrow other names by country', async () => {
      expect(await first('Ber')).toBe('Berlin, State of Berlin, Germany');
      expect(await first('Paris')).toBe('Paris, Île-de-France, France');
      const austria = await search('Wien, Austria');
      expect(austria[0].city).toBe('Vienna');
      expect(austria.every((p) => p.countryCode === 'AT')).toBe(true);
      expect(await search('München, Spain')).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ city: 'Munich' })]),
      );
    });
  });

  describe('trial sites by local names', () => {
    it('should place a site named by the local name of its city at that city', async () => {
      const [munich, vienna, cologne, none] = await t.app.get(PlacesService).locateCities([
        { city: 'München', state: 'Bayern', country: 'Germany' },
        { city: 'Wien', state: '', country: 'Austria' },
        { city: 'Cologne', state: '', country: 'Germany' },
        { city: 'Wien', state: '', country: 'Germany' },
      ]);
      expect(munich?.lat).toBeCloseTo(48.137, 2);
      expect(munich?.lon).toBeCloseTo(11.575, 2);
      expect(vienna?.lat).toBeCloseTo(48.208, 2);
      expect(cologne?.lat).toBeCloseTo(50.933, 2);
      // Another country's other name does not count.
      expect(none).toBeNull();
    });
  });

  describe('GET /api/places: postcodes', () => {
    it.each([
      ['10117 Berlin', 'DE', 'Berlin', '10117 Berlin, State of Berlin, Germany', 52.52, 13.41],
      ['80331', 'DE', 'München', '80331 München, Bavaria, Germany', 48.14, 11.58],
      ['75001 Paris', 'FR', 'Paris', '75001 Paris, Île-de-France, France', 48.85, 2.35],
      ['02115', 'US', 'Boston', '02115 Boston, Massachusetts, United States', 42.34, -71.09],
      ['28001', 'ES', 'Madrid', '28001 Madrid, Spain', 40.42, -3.7],
      ['08001 Barcelona', 'ES', 'Barcelona', '08001 Barcelona, Catalonia, Spain', 41.39, 2.16],
      ['41001', 'ES', 'Sevilla', '41001 Sevilla, Andalusia, Spain', 37.38, -5.98],
      [
        'T0A',
        'CA',
        'Eastern Alberta (st. Paul)',
        'T0A Eastern Alberta (st. Paul), Alberta, Canada',
        53.92,
        -111.06,
      ],
    ])(
      'should find %j with its place and coordinates',
      async (q, countryCode, city, label, lat, lon) => {
        const [top] = await search(q);
        expect(top).toMatchObject({ countryCode, city, label, postcode: q.split(' ')[0] });
        expect(top.latitude).toBeCloseTo(lat, 1);
        expect(top.longitude).toBeCloseTo(lon, 1);
      },
    );

    it('should answer a code used in two countries in both, narrowed by a country', async () => {
      const both = await search('10117');
      expect(both.map((p) => `${p.countryCode} ${p.postcode} ${p.city}`)).toEqual(
        expect.arrayContaining(['DE 10117 Berlin', 'US 10117 New York']),
      );
      const germany = await search('10117, Germany');
      expect(germany.map((p) => p.countryCode)).toEqual(['DE']);
      expect(await first('10117 Berlin, State of Berlin, Germany')).toBe(
        '10117 Berlin, State of Berlin, Germany',
      );
    });

    it('should list each country of a bare code, the most populous place first', async () => {
      // 28001 is Madrid, and Albemarle in North Carolina: no geolocation header here.
      const both = await search('28001');
      expect(both.slice(0, 2).map((p) => `${p.countryCode} ${p.postcode} ${p.city}`)).toEqual([
        'ES 28001 Madrid',
        'US 28001 Albemarle',
      ]);
      expect(both[1].label).toBe('28001 Albemarle, North Carolina, United States');
      expect((await search('28001, US')).map((p) => p.city)).toEqual(['Albemarle']);
      expect((await search('28001 Madrid')).map((p) => p.countryCode)).toEqual(['ES']);
    });

    it('should find Spanish codes of villages the gazetteer lacks, at their own coordinates', async () => {
      // 28755 is La Acebeda and other villages of the Sierra Norte, under 1,000 inhabitants (and
      // Delmenhorst in Germany).
      const villages = await search('28755, Spain');
      expect(villages.length).toBeGreaterThan(0);
      for (const village of villages) {
        expect(village).toMatchObject({ postcode: '28755', countryCode: 'ES' });
        expect(village.latitude).toBeCloseTo(41.08, 0);
        expect(village.longitude).toBeCloseTo(-3.6, 0);
      }
    });

    it('should complete a code being typed, the exact code first', async () => {
      const started = await search('1011');
      expect(started.length).toBe(8);
      expect(started.every((p) => p.postcode?.startsWith('1011'))).toBe(true);
      expect((await search('02 115'))[0].postcode).toBe('02115');
    });

    it('should search the place after a code no package covers', async () => {
      // Austrian postcodes are not bundled (no maintained npm package has them): "1010 Wien"
      // still finds Vienna by its name, and so do the other uncovered countries' codes.
      const [vienna] = await search('1010 Wien');
      expect(vienna).toMatchObject({ city: 'Vienna', countryCode: 'AT' });
      expect(vienna.postcode).toBeUndefined();
      expect(await search('99999')).toEqual([]);
      expect((await search('SW1A London'))[0]).toMatchObject({ city: 'London', countryCode: 'GB' });
      expect((await search('20121 Milano'))[0]).toMatchObject({ city: 'Milan', countryCode: 'IT' });
      expect((await search('8001 Zürich'))[0]).toMatchObject({ city: 'Zürich', countryCode: 'CH' });
      // A full Dutch code: the letters are skipped, the name after them finds the city.
      expect((await search('1011 AB Amsterdam'))[0]).toMatchObject({
        city: 'Amsterdam',
        countryCode: 'NL',
      });
    });
  });

  describe('GET /api/places: UK postcodes', () => {
    it("should answer a UK outward code by its area's town first, then the Canadian areas it starts", async () => {
      const places = await search('M1');
      expect(places[0]).toMatchObject({
        label: 'M1 Manchester, England, United Kingdom',
        city: 'Manchester',
        postcode: 'M1',
        countryCode: 'GB',
      });
      expect(places[0].latitude).toBeCloseTo(53.48, 1);
      // Toronto's forward sortation areas follow: a doctor in Canada finishing M1B sees them.
      expect(places.slice(1).length).toBeGreaterThan(0);
      expect(
        places.slice(1).every((p) => p.countryCode === 'CA' && p.postcode!.startsWith('M1')),
      ).toBe(true);
      expect((await search('M1, Canada')).every((p) => p.countryCode === 'CA')).toBe(true);
      // A Canadian area itself stays Canadian.
      expect((await search('M1B')).map((p) => p.countryCode)).toEqual(['CA']);
    });

    it('should find a whole UK postcode, and an outward code with its town, by the area', async () => {
      expect((await search('SW1A 1AA'))[0]).toMatchObject({
        label: 'SW1A 1AA London, England, United Kingdom',
        postcode: 'SW1A 1AA',
        countryCode: 'GB',
      });
      expect((await search('SW1A London'))[0]).toMatchObject({
        city: 'London',
        postcode: 'SW1A',
        countryCode: 'GB',
      });
      expect((await search('EH1'))[0]).toMatchObject({ city: 'Edinburgh', countryCode: 'GB' });
      // A UK code with another town's name after it finds that town by its name.
      expect((await search('M1 Leeds'))[0]).toMatchObject({ city: 'Leeds', countryCode: 'GB' });
    });
  });

  describe('GET /api/places: bad input', () => {
    it.each([
      ['a very long text', 'Berlin '.repeat(700)],
      ['an emoji', 'Berlin 😀'],
      ['a zero-width joiner', 'Ber\u200dlin'],
      ['a right-to-left override', '\u202eBerlin'],
      ['a control character', 'Berlin\u0000'],
      ['a line break', 'Berlin\nParis'],
      // The web box turns a pasted tab into a space; the API keeps refusing the raw one.
      ['a tab', '10117\tBerlin'],
    ])('should answer 400 naming q for %s', async (_what, q) => {
      const res = await request(t.http).get('/api/places').query({ q }).expect(400);
      expect(res.body.errors).toHaveProperty('q');
      expect(JSON.stringify(res.body)).not.toMatch(/stack|at \//i);
    });

    it('should answer 400, not 500, for bytes that are no UTF-8 and for brackets in the query string', async () => {
      for (const path of [
        '/api/places?q=%ED%A0%80',
        '/api/places?q=%FF%FE',
        '/api/places?q[a]=Berlin',
      ]) {
        const res = await request(t.http).get(path);
        expect([path, res.status]).toEqual([path, 400]);
      }
    });

    it('should answer an empty list for marks without a letter', async () => {
      expect(await search('\u0301\u0301')).toEqual([]);
    });
  });

  describe('the in-memory index', () => {
    const index = () => {
      const built = t.app.get(PlacesLoader).currentIndex();
      if (!built) {
        throw new Error('no places index');
      }
      return built;
    };

    it('should hold the whole gazetteer and a town for every UK postcode area', () => {
      const size = index().size;
      expect(size.places).toBeGreaterThan(125_000);
      expect(size.names).toBeGreaterThan(200_000);
      expect(size.postcodes).toBeGreaterThan(50_000);
      expect(size.ukAreas).toBe(121);
    });

    it.each([
      ['Ber', []],
      ['Berlin', []],
      ['Madr', []],
      ['New Y', []],
      ['São', []],
      ['München', []],
      ['Mün', []],
      ['Köln', []],
      ['Wien', []],
      ['Genève', []],
      ['Berlin', ['US']],
      ['Paris', ['Texas']],
      ['San', ['Spain']],
    ])('should rank %j %j as the SQL does', async (text, qualifiers) => {
      const name = normalizePlaceText(text);
      const normalized = qualifiers.map(normalizePlaceText);
      const sql = await t.app.get(PlacesRepository).findByPrefix({
        name,
        likeName: escapeLike(name),
        likeQualifiers: normalized.map(escapeLike),
        excludeIds: [],
        limit: 8,
      });
      const memory = index().findByPrefix({
        name,
        qualifiers: normalized,
        excludeIds: [],
        limit: 8,
      });
      expect(memory).toEqual(sql);
    });

    it.each(['york', 'petersburg', 'francisco'])(
      'should find the later word %j as the SQL does',
      async (name) => {
        const s = { name, qualifiers: [], excludeIds: [], limit: 8 };
        const sql = await t.app
          .get(PlacesRepository)
          .findByWordPrefix({ ...s, likeName: name, likeQualifiers: [] });
        expect(index().findByWordPrefix(s)).toEqual(sql);
      },
    );

    it.each([
      ['1011', ''],
      ['4100', ''],
      ['28001', ''],
      ['10117', 'berlin'],
      ['T0', ''],
    ])('should find the postcode %j %j as the SQL does', async (postcode, place) => {
      const sql = await t.app.get(PlacesRepository).findByPostcode({
        postcode,
        likePostcode: postcode,
        likePlace: place,
        likeQualifiers: [],
        preferCountry: '',
        limit: 8,
      });
      const memory = index().findByPostcode({
        postcode,
        place,
        qualifiers: [],
        preferCountry: '',
        limit: 8,
      });
      expect(memory).toEqual(sql);
    });

    it('should build the index again when another replica reloaded the tables', async () => {
      const loader = t.app.get(PlacesLoader);
      const before = index();
      await loader.rebuildIfReloaded();
      expect(index()).toBe(before);
      const [{ version }] = await t.dataSource.query<{ version: string }[]>(
        'SELECT version FROM place_gazetteer_state WHERE id = 1',
      );
      try {
        await t.dataSource.query(
          "UPDATE place_gazetteer_state SET version = 'another' WHERE id = 1",
        );
        await loader.rebuildIfReloaded();
        expect(index()).not.toBe(before);
        expect(index().size).toEqual(before.size);
      } finally {
        await t.dataSource.query('UPDATE place_gazetteer_state SET version = $1 WHERE id = 1', [
          version,
        ]);
      }
      expect((await search('Berlin'))[0].id).toBe('2950159');
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

      it("should put the visitor's country first among the countries of a bare code", async () => {
        const codes = async (country: string): Promise<string[]> => {
          const res = await request(withHeader.http)
            .get('/api/places')
            .query({ q: '28001' })
            .set('cf-ipcountry', country)
            .expect(200);
          return (res.body as { places: Place[] }).places.map((p) => `${p.countryCode} ${p.city}`);
        };
        expect((await codes('US')).slice(0, 2)).toEqual(['US Albemarle', 'ES Madrid']);
        expect((await codes('ES')).slice(0, 2)).toEqual(['ES Madrid', 'US Albemarle']);
        // No country in the header: by population.
        expect((await codes('XX')).slice(0, 2)).toEqual(['ES Madrid', 'US Albemarle']);
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
