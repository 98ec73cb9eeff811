import {
  postcodeArea,
  toPostcodeRows,
  z1pEntries,
  type PostcodeLookup,
  type PostcodePlace,
  type Z1pRow,
} from './postcodes';

const BERLIN: PostcodePlace = {
  id: 2950159,
  name: 'Berlin',
  region: 'State of Berlin',
  country: 'Germany',
  latitude: 52.52,
  longitude: 13.41,
  population: 3_426_354,
};
const PARIS: PostcodePlace = {
  ...BERLIN,
  id: 2988507,
  name: 'Paris',
  region: 'Île-de-France',
  country: 'France',
  population: 2_138_551,
};

const ALMERIA: PostcodePlace = {
  ...BERLIN,
  id: 2521886,
  name: 'Almería',
  region: 'Andalusia',
  country: 'Spain',
  latitude: 36.84,
  longitude: -2.46,
  population: 200_578,
};

const PLACES: Record<string, PostcodePlace> = {
  'DE|berlin': BERLIN,
  'FR|paris': PARIS,
  'US|boston': { ...BERLIN, latitude: 42.36, longitude: -71.06, population: 667_137 },
  // The country's most populous namesake, 400 km from the village of that name.
  'ES|villanueva': { ...ALMERIA, name: 'Villanueva', latitude: 40.0, longitude: -5.0 },
  'ES|almeria': ALMERIA,
};

const lookup: PostcodeLookup = {
  place: (cc, name) => PLACES[`${cc}|${name}`],
  regionName: (cc, code) => (cc === 'US' && code === 'MA' ? 'Massachusetts' : undefined),
  countryName: (cc) =>
    ({ DE: 'Germany', FR: 'France', US: 'United States', ES: 'Spain' })[cc] ?? cc,
};

describe(toPostcodeRows.name, () => {
  it('should take the gazetteer place of a code without coordinates', () => {
    expect(
      toPostcodeRows([{ countryCode: 'DE', postcode: '10117', names: ['Berlin'] }], lookup),
    ).toEqual([
      {
        countryCode: 'DE',
        postcode: '10117',
        searchPostcode: '10117',
        name: 'Berlin',
        searchName: 'berlin',
        region: 'State of Berlin',
        country: 'Germany',
        searchArea: 'state of berlin germany de',
        latitude: 52.52,
        longitude: 13.41,
        population: 3_426_354,
      },
    ]);
  });

  it("should keep a code's own coordinates and name its region", () => {
    const [boston] = toPostcodeRows(
      [
        {
          countryCode: 'US',
          postcode: '02115',
          names: ['Boston'],
          latitude: 42.34,
          longitude: -71.09,
          region: 'MA',
        },
      ],
      lookup,
    );
    expect(boston).toMatchObject({
      name: 'Boston',
      region: 'Massachusetts',
      latitude: 42.34,
      longitude: -71.09,
      population: 667_137,
    });
  });

  it('should try the names in order, give one row per code and place, and leave out unknown places', () => {
    const rows = toPostcodeRows(
      [
        { countryCode: 'FR', postcode: '75001', names: ['PARIS', 'Paris 1er Arrondissement'] },
        { countryCode: 'FR', postcode: '75001', names: ['Paris 1er Arrondissement', 'Paris'] },
        { countryCode: 'FR', postcode: '99999', names: ['Nowhere'] },
        {
          countryCode: 'US',
          postcode: '00000',
          names: ['Nowhere'],
          latitude: Number.NaN,
          longitude: 1,
        },
      ],
      lookup,
    );
    expect(rows.map((r) => `${r.postcode} ${r.name}`)).toEqual(['75001 Paris']);
  });
});

// Rows as @z1p/es ships them (GeoNames' postal-code dump): accuracy, municipality, its code,
// country, latitude, longitude, place, province, its code, community, its code, postcode.
const ES_ROWS = [
  [
    '4',
    'Almería',
    '04013',
    'ES',
    '36.8381',
    '-2.4597',
    'Almeria',
    'Almería',
    'AL',
    'Andalucia',
    'AN',
    '04001',
  ],
  [
    '3',
    'Almería',
    '04013',
    'ES',
    '36.8381',
    '-2.4597',
    'El Palmer',
    'Almería',
    'AL',
    'Andalucia',
    'AN',
    '04002',
  ],
  [
    '4',
    'Almería',
    '04013',
    'ES',
    '36.8381',
    '-2.4597',
    'Almeria',
    'Almería',
    'AL',
    'Andalucia',
    'AN',
    '04002',
  ],
  [
    '4',
    'Almería',
    '04013',
    'ES',
    '36.8381',
    '-2.4597',
    'Almería',
    'Almería',
    'AL',
    'Andalucia',
    'AN',
    '04002',
  ],
  [
    '4',
    undefined,
    undefined,
    'ES',
    '36.8381',
    '-2.4597',
    'Almeria',
    'Almería',
    'AL',
    'Andalucia',
    'AN',
    '04070',
  ],
  [
    '1',
    'La Acebeda',
    '28001',
    'ES',
    '41.0871',
    '-3.6245',
    'La Acebeda',
    'Madrid',
    'M',
    'Madrid',
    'MD',
    '28755',
  ],
  [
    '1',
    'Villanueva',
    '9',
    'ES',
    '37.5',
    '-1.9',
    'Villanueva',
    'Murcia',
    'MU',
    'Murcia',
    'MC',
    '30590',
  ],
  ['1', 'X', '1', 'ES', '', '', 'Nowhere', 'P', 'P', 'C', 'C', '99999'],
  ['1', 'X', '1', 'ES', '1', '1', '', 'P', 'P', 'C', 'C', '99998'],
] as unknown as Z1pRow[];

describe(z1pEntries.name, () => {
  it('should read the postcode, the place then its municipality, the coordinates and the community', () => {
    const [almeria, palmer] = [...z1pEntries(ES_ROWS)];
    expect(almeria).toEqual({
      countryCode: 'ES',
      postcode: '04001',
      names: ['Almeria', 'Almería'],
      latitude: 36.8381,
      longitude: -2.4597,
      regionName: 'Andalucia',
      gazetteerName: true,
    });
    expect(palmer.names).toEqual(['El Palmer', 'Almería']);
  });

  it('should leave out a row without place or code, and keep one without coordinates for the name lookup', () => {
    const entries = [...z1pEntries(ES_ROWS)];
    expect(entries.map((e) => e.postcode)).not.toContain('99998');
    const nowhere = entries.find((e) => e.postcode === '99999');
    expect(nowhere?.latitude).toBeUndefined();
    // The 28001 in the municipality-code column is no postcode: the code is the last column.
    expect(entries.find((e) => e.names[0] === 'La Acebeda')?.postcode).toBe('28755');
  });
});

describe(`${toPostcodeRows.name} of @z1p/es`, () => {
  const rows = toPostcodeRows(z1pEntries(ES_ROWS), lookup);

  it("should keep the code's coordinates and show the gazetteer's spelling, region and population", () => {
    expect(rows.find((r) => r.postcode === '04001')).toEqual({
      countryCode: 'ES',
      postcode: '04001',
      searchPostcode: '04001',
      name: 'Almería',
      searchName: 'almeria',
      region: 'Andalusia',
      country: 'Spain',
      searchArea: 'andalusia spain es',
      latitude: 36.8381,
      longitude: -2.4597,
      population: 200_578,
    });
  });

  it("should give one row per code and shown name, and the package's community for a village the gazetteer lacks", () => {
    expect(rows.map((r) => `${r.postcode} ${r.name}`)).toEqual([
      '04001 Almería',
      '04002 Almería',
      '04070 Almería',
      '28755 La Acebeda',
      '30590 Villanueva',
    ]);
    expect(rows.find((r) => r.name === 'La Acebeda')).toMatchObject({
      region: 'Madrid',
      searchArea: 'madrid spain es',
      latitude: 41.0871,
      population: 0,
    });
  });

  it("should not take a far namesake's region and population for a village's code", () => {
    expect(rows.find((r) => r.postcode === '30590')).toMatchObject({
      name: 'Villanueva',
      region: 'Murcia',
      latitude: 37.5,
      population: 0,
    });
  });
});

describe(postcodeArea.name, () => {
  it('should normalise region and country and add the code', () => {
    expect(postcodeArea('Île-de-France', 'France', 'FR')).toBe('ile de france france fr');
    expect(postcodeArea('', 'Germany', 'DE')).toBe('germany de');
  });
});
