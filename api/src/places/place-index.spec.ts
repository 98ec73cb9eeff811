import { IndexName, IndexPlace, IndexPostcode, PlaceIndex, TopK, lowerBound } from './place-index';
import { normalizePlaceText } from './search-text';

let nextId = 1;
function city(
  name: string,
  population: number,
  countryCode = 'DE',
  country = 'Germany',
  region = '',
): IndexPlace {
  return {
    id: nextId++,
    name,
    searchName: normalizePlaceText(name),
    region,
    searchRegion: normalizePlaceText(region),
    countryCode,
    country,
    searchCountry: normalizePlaceText(country),
    latitude: 1,
    longitude: 2,
    population,
  };
}

const other = (place: IndexPlace, name: string, spellings = ''): IndexName => ({
  placeId: place.id,
  searchName: normalizePlaceText(name),
  name,
  spellings,
  population: place.population,
});

let nextCode = 1;
function code(
  postcode: string,
  name: string,
  population: number,
  countryCode = 'DE',
  area = 'germany de',
): IndexPostcode {
  return {
    id: nextCode++,
    countryCode,
    postcode,
    searchPostcode: postcode.replace(/\s/g, ''),
    name,
    searchName: normalizePlaceText(name),
    region: '',
    country: countryCode,
    searchArea: area,
    latitude: 3,
    longitude: 4,
    population,
  };
}

const berlin = city('Berlin', 3_426_354, 'DE', 'Germany', 'State of Berlin');
const berlinSv = city('Berlín', 2_000, 'SV', 'El Salvador', 'Usulutan');
const berlinUs = city('Berlin', 19_000, 'US', 'United States', 'New Hampshire');
const berbera = city('Berbera', 242_344, 'SO', 'Somalia');
const bern = city('Bern', 121_631, 'CH', 'Switzerland');
const munich = city('Munich', 1_260_391, 'DE', 'Germany', 'Bavaria');
const munster = city('Münster', 270_184, 'DE', 'Germany', 'North Rhine-Westphalia');
const vienna = city('Vienna', 1_691_468, 'AT', 'Austria');
const petersburg = city('Saint Petersburg', 5_351_935, 'RU', 'Russia');
const petersburgVa = city('Petersburg', 32_420, 'US', 'United States', 'Virginia');
const chennai = city('Chennai', 4_328_063, 'IN', 'India');
const madrid = city('Madrid', 3_255_944, 'ES', 'Spain');
const manchester = city('Manchester', 395_515, 'GB', 'United Kingdom', 'England');
const manchesterUs = city('Manchester', 1_100_000, 'US', 'United States', 'New Hampshire');
const london = city('London', 8_961_989, 'GB', 'United Kingdom', 'England');

const index = PlaceIndex.build({
  places: [
    berlin,
    berlinSv,
    berlinUs,
    berbera,
    bern,
    munich,
    munster,
    vienna,
    petersburg,
    petersburgVa,
    chennai,
    madrid,
    manchester,
    manchesterUs,
    london,
  ],
  names: [
    other(munich, 'München', 'Munchen'),
    other(vienna, 'Wien'),
    other(petersburg, 'Petersburg'),
    other(chennai, 'Madras'),
    other(berlin, 'Berlino'),
  ],
  postcodes: [
    code('10117', 'Berlin', 3_426_354),
    code('10117', 'New York', 8_000_000, 'US', 'new york united states us'),
    code('10115', 'Berlin', 3_426_354),
    code('28001', 'Madrid', 3_255_944, 'ES', 'spain es'),
    code('28001', 'Albemarle', 16_000, 'US', 'north carolina united states us'),
    code('M1B', 'Scarborough', 0, 'CA', 'ontario canada ca'),
    code('M1C', 'Scarborough', 0, 'CA', 'ontario canada ca'),
  ],
});

const search = (name: string, qualifiers: string[] = [], limit = 8, excludeIds: number[] = []) => ({
  name: normalizePlaceText(name),
  qualifiers: qualifiers.map(normalizePlaceText),
  excludeIds,
  limit,
});
const names = (found: { name: string; countryCode: string }[]): string[] =>
  found.map((p) => `${p.countryCode} ${p.name}`);

describe(PlaceIndex.name, () => {
  it('should rank names starting with the text by population, the exact name 50 times', () => {
    expect(names(index.findByPrefix(search('Ber')))).toEqual([
      'DE Berlin',
      'SO Berbera',
      'CH Bern',
      'US Berlin',
      'SV Berlín',
    ]);
    // An exact name weighs 50 times its population (at least 1,000): Berlín before Berbera.
    expect(names(index.findByPrefix(search('Berlin')))).toEqual([
      'DE Berlin',
      'US Berlin',
      'SV Berlín',
    ]);
    expect(index.findByPrefix(search('Bern'))[0].name).toBe('Bern');
  });

  it('should find a place by another name, labelled by it, its own name winning a tie', () => {
    const [top] = index.findByPrefix(search('Münch'));
    expect(top).toMatchObject({ name: 'Munich', otherName: 'München', otherSpellings: 'Munchen' });
    // "Berlin" is Berlin's own name and the start of its other name "Berlino": shown by its own.
    const [own] = index.findByPrefix(search('Berlin'));
    expect(own).toMatchObject({ name: 'Berlin', otherName: null });
  });

  it('should match other names of short texts only exactly', () => {
    expect(index.findByPrefix(search('Wie'))).toEqual([]);
    expect(index.findByPrefix(search('Wien'))[0]).toMatchObject({ name: 'Vienna' });
  });

  it('should weigh another name a quarter, so a historical name does not push a city down', () => {
    // Madras is Chennai (4.3 M) by another name: a quarter puts it below Madrid (3.3 M).
    expect(names(index.findByPrefix(search('Madr')))).toEqual(['ES Madrid', 'IN Chennai']);
  });

  it('should narrow by region, country or code, a country named by its code first', () => {
    expect(names(index.findByPrefix(search('Berlin', ['US'])))).toEqual(['US Berlin', 'SV Berlín']);
    expect(names(index.findByPrefix(search('Berlin', ['Germany'])))).toEqual(['DE Berlin']);
    expect(names(index.findByPrefix(search('Berlin', ['state of berlin', 'germany'])))).toEqual([
      'DE Berlin',
    ]);
    expect(index.findByPrefix(search('Berlin', ['France']))).toEqual([]);
  });

  it('should answer at most limit places and leave out the ids found before', () => {
    expect(index.findByPrefix(search('Ber', [], 2))).toHaveLength(2);
    expect(names(index.findByPrefix(search('Berlin', [], 8, [berlin.id])))).toEqual([
      'US Berlin',
      'SV Berlín',
    ]);
  });

  it('should find a later word of a name once per place, by population', () => {
    expect(names(index.findByWordPrefix(search('peters')))).toEqual(['RU Saint Petersburg']);
    expect(index.findByWordPrefix(search('saint'))).toEqual([]);
    expect(index.findByWordPrefix(search('peters', [], 8, [petersburg.id]))).toEqual([]);
  });

  it('should find postcodes: the exact code first, then the preferred country, then by population', () => {
    const found = (postcode: string, preferCountry = '', place = '', qualifiers: string[] = []) =>
      index
        .findByPostcode({ postcode, place, qualifiers, preferCountry, limit: 8 })
        .map((c) => `${c.countryCode} ${c.postcode} ${c.name}`);
    expect(found('28001')).toEqual(['ES 28001 Madrid', 'US 28001 Albemarle']);
    expect(found('28001', 'US')).toEqual(['US 28001 Albemarle', 'ES 28001 Madrid']);
    expect(found('1011')).toEqual(['US 10117 New York', 'DE 10115 Berlin', 'DE 10117 Berlin']);
    expect(found('10115', '', '', [])).toEqual(['DE 10115 Berlin']);
    expect(found('10117', '', 'york')).toEqual(['US 10117 New York']);
    expect(found('10117', '', '', ['germany'])).toEqual(['DE 10117 Berlin']);
    expect(found('99')).toEqual([]);
  });

  it("should answer a UK outward code by its area's town first, then codes it only starts", () => {
    const found = (postcode: string, place = '', qualifiers: string[] = []) =>
      index
        .findByPostcode({ postcode, place, qualifiers, preferCountry: '', limit: 8 })
        .map((c) => `${c.countryCode} ${c.postcode} ${c.name}`);
    // M1 is a whole UK code (Manchester, the GB one) and the start of Toronto's M1B, M1C.
    expect(found('M1')).toEqual(['GB M1 Manchester', 'CA M1B Scarborough', 'CA M1C Scarborough']);
    expect(found('M1', '', ['canada'])).toEqual(['CA M1B Scarborough', 'CA M1C Scarborough']);
    expect(found('M1', '', ['uk'])).toEqual([]);
    expect(found('M1', '', ['gb'])).toEqual(['GB M1 Manchester']);
    // A Canadian area of the same shape stays Canadian; one that does not exist is UK's.
    expect(found('M1B')).toEqual(['CA M1B Scarborough']);
    expect(found('M1X')).toEqual(['GB M1X Manchester']);
    // The whole code, and a name after it narrowing.
    expect(found('SW1A1AA')).toEqual(['GB SW1A 1AA London']);
    expect(found('SW1A', 'london')).toEqual(['GB SW1A London']);
    expect(found('SW1A', 'paris')).toEqual([]);
    // An area whose town the gazetteer lacks (Aberdeen here) finds nothing.
    expect(found('AB10')).toEqual([]);
  });

  it('should report its size', () => {
    // Of the UK areas, the eight of London and Manchester's are in this gazetteer.
    expect(index.size).toEqual({ places: 15, names: 5, postcodes: 7, ukAreas: 9 });
  });
});

describe(TopK.name, () => {
  it('should keep the best k items in order, whatever order they come in', () => {
    const top = new TopK<number>(3, (a, b) => b - a);
    for (const n of [5, 1, 9, 3, 7, 9, 2]) {
      top.push(n);
    }
    expect(top.items).toEqual([9, 9, 7]);
  });
});

describe(lowerBound.name, () => {
  it('should give the first key not below the prefix', () => {
    const keys = ['a', 'ber', 'berlin', 'bern', 'c'];
    expect(lowerBound(keys, 'ber')).toBe(1);
    expect(lowerBound(keys, 'berm')).toBe(3);
    expect(lowerBound(keys, 'z')).toBe(5);
    expect(lowerBound(keys, '')).toBe(0);
  });
});
