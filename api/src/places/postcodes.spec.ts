import { postcodeArea, toPostcodeRows, type PostcodeLookup, type PostcodePlace } from './postcodes';

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

const PLACES: Record<string, PostcodePlace> = {
  'DE|berlin': BERLIN,
  'FR|paris': PARIS,
  'US|boston': { ...BERLIN, population: 667_137 },
};

const lookup: PostcodeLookup = {
  place: (cc, name) => PLACES[`${cc}|${name}`],
  regionName: (cc, code) => (cc === 'US' && code === 'MA' ? 'Massachusetts' : undefined),
  countryName: (cc) => ({ DE: 'Germany', FR: 'France', US: 'United States' })[cc] ?? cc,
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

describe(postcodeArea.name, () => {
  it('should normalise region and country and add the code', () => {
    expect(postcodeArea('Île-de-France', 'France', 'FR')).toBe('ile de france france fr');
    expect(postcodeArea('', 'Germany', 'DE')).toBe('germany de');
  });
});
