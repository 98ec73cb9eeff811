import type { Env } from '../config/env';
import type { PlacesLoader } from './places-loader';
import type {
  FoundPlace,
  FoundPostcode,
  PlaceSearch,
  PlacesRepository,
  PostcodeSearch,
} from './places.repository';
import { PlacesService } from './places.service';

const place = (id: number, name = `City ${id}`): FoundPlace => ({
  id,
  name,
  region: 'Region',
  countryCode: 'DE',
  country: 'Germany',
  latitude: 1,
  longitude: 2,
});

function serviceWith(tiers: {
  prefix: FoundPlace[];
  word: FoundPlace[];
  similar: FoundPlace[];
  postcodes?: FoundPostcode[];
}) {
  const calls: [string, PlaceSearch][] = [];
  const postcodeCalls: PostcodeSearch[] = [];
  const take = (tier: 'prefix' | 'word' | 'similar') => (s: PlaceSearch) => {
    calls.push([tier, s]);
    return Promise.resolve(tiers[tier].slice(0, s.limit));
  };
  const repo: Pick<
    PlacesRepository,
    'findByPrefix' | 'findByWordPrefix' | 'findSimilar' | 'findByPostcode'
  > = {
    findByPrefix: take('prefix'),
    findByWordPrefix: take('word'),
    findSimilar: take('similar'),
    findByPostcode: (s: PostcodeSearch) => {
      postcodeCalls.push(s);
      return Promise.resolve((tiers.postcodes ?? []).slice(0, s.limit));
    },
  };
  let waited = false;
  // No in-memory index (not built, or building it failed): every tier asks the repository.
  const loader: Pick<PlacesLoader, 'whenReady' | 'currentIndex'> = {
    whenReady: () => {
      waited = true;
      return Promise.resolve();
    },
    currentIndex: () => null,
  };
  const env: Pick<Env, 'VISITOR_COUNTRY_HEADER'> = { VISITOR_COUNTRY_HEADER: 'CF-IPCountry' };
  const service = new PlacesService(repo as PlacesRepository, loader as PlacesLoader, env);
  return { service, calls, postcodeCalls, waited: () => waited };
}

describe(PlacesService.name, () => {
  it('should fill the list with prefix, then word-start matches, leaving out what was found', async () => {
    const { service, calls, waited } = serviceWith({
      prefix: [place(1)],
      word: [place(2)],
      similar: [place(3), place(4), place(5)],
    });
    const found = await service.search('Berl, Germany', 4);
    expect(found.map((p) => p.id)).toEqual(['1', '2']);
    expect(calls.map(([tier, s]) => [tier, s.excludeIds, s.limit])).toEqual([
      ['prefix', [], 4],
      ['word', [1], 3],
    ]);
    expect(calls[0][1]).toMatchObject({
      name: 'berl',
      likeName: 'berl',
      likeQualifiers: ['germany'],
    });
    expect(waited()).toBe(true);
  });

  it('should look for similar names only when nothing starts with the text', async () => {
    const { service, calls } = serviceWith({
      prefix: [],
      word: [],
      similar: [place(3), place(4), place(5)],
    });
    expect((await service.search('Berln', 2)).map((p) => p.id)).toEqual(['3', '4']);
    expect(calls.map(([tier, s]) => [tier, s.limit])).toEqual([
      ['prefix', 2],
      ['word', 2],
      ['similar', 2],
    ]);
  });

  it('should stop once the limit is reached', async () => {
    const { service, calls } = serviceWith({
      prefix: [place(1), place(2)],
      word: [place(3)],
      similar: [],
    });
    expect(await service.search('Berlin', 2)).toHaveLength(2);
    expect(calls.map(([tier]) => tier)).toEqual(['prefix']);
  });

  it('should skip the word and similarity tiers for texts too short for them', async () => {
    const one = serviceWith({ prefix: [], word: [place(2)], similar: [place(3)] });
    await one.service.search('Be', 8);
    expect(one.calls.map(([tier]) => tier)).toEqual(['prefix']);
    const three = serviceWith({ prefix: [], word: [place(2)], similar: [place(3)] });
    await three.service.search('Ber', 8);
    expect(three.calls.map(([tier]) => tier)).toEqual(['prefix', 'word']);
  });

  it('should answer nothing, without a query, for a text without a name', async () => {
    const { service, calls } = serviceWith({ prefix: [place(1)], word: [], similar: [] });
    expect(await service.search(" -.'", 8)).toEqual([]);
    expect(await service.search(', Germany', 8)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('should build the label from city, region and country', async () => {
    const { service } = serviceWith({ prefix: [place(7, 'Berlin')], word: [], similar: [] });
    expect((await service.search('Berlin', 8))[0]).toEqual({
      id: '7',
      label: 'Berlin, Region, Germany',
      city: 'Berlin',
      region: 'Region',
      countryCode: 'DE',
      latitude: 1,
      longitude: 2,
    });
  });

  it('should show another name in the spelling typed, the own in brackets', async () => {
    const munich: FoundPlace = {
      ...place(5, 'Munich'),
      otherName: 'München',
      otherSpellings: 'Munchen',
    };
    const { service } = serviceWith({ prefix: [munich], word: [], similar: [] });
    expect((await service.search('Münch', 8))[0].label).toBe('München (Munich), Region, Germany');
    expect((await service.search('munch', 8))[0].label).toBe('Munchen (Munich), Region, Germany');
    expect((await service.search('Münch', 8))[0].city).toBe('Munich');
  });

  it('should find a chosen label with another name by the name before the bracket', async () => {
    const munich: FoundPlace = { ...place(5, 'Munich'), otherName: 'München' };
    const { service, calls } = serviceWith({ prefix: [munich], word: [], similar: [] });
    const [found] = await service.search('München (Munich), Region, Germany', 8);
    expect(found.label).toBe('München (Munich), Region, Germany');
    expect(calls[0][1]).toMatchObject({ name: 'munchen', likeQualifiers: ['region', 'germany'] });
  });

  it('should search a name with brackets of its own whole when the bracket names no place found', async () => {
    const { service, calls } = serviceWith({
      prefix: [place(6, 'Frankfurt am Main')],
      word: [],
      similar: [],
    });
    await service.search('Frankfurt (Oder)', 8);
    expect(calls.filter(([t]) => t === 'prefix').map(([, s]) => s.name)).toEqual([
      'frankfurt',
      'frankfurt oder',
    ]);
  });

  it('should answer the places of a postcode, with the code and its coordinates', async () => {
    const code: FoundPostcode = {
      countryCode: 'DE',
      postcode: '10117',
      name: 'Berlin',
      searchName: 'berlin',
      region: 'State of Berlin',
      country: 'Germany',
      latitude: 52.5,
      longitude: 13.4,
    };
    const { service, calls, postcodeCalls } = serviceWith({
      prefix: [place(1)],
      word: [],
      similar: [],
      postcodes: [code],
    });
    expect(await service.search('10117 Ber, Germany', 8)).toEqual([
      {
        id: 'DE-10117-berlin',
        label: '10117 Berlin, State of Berlin, Germany',
        city: 'Berlin',
        postcode: '10117',
        region: 'State of Berlin',
        countryCode: 'DE',
        latitude: 52.5,
        longitude: 13.4,
      },
    ]);
    expect(postcodeCalls).toEqual([
      {
        postcode: '10117',
        likePostcode: '10117',
        likePlace: 'ber',
        likeQualifiers: ['germany'],
        preferCountry: '',
        limit: 8,
      },
    ]);
    expect(calls).toEqual([]);
  });

  it("should rank the visitor's country first among a code's countries when it is known", async () => {
    const { service, postcodeCalls } = serviceWith({ prefix: [], word: [], similar: [] });
    await service.search('28001', 8, 'ES');
    await service.search('28001', 8);
    expect(postcodeCalls.map((c) => c.preferCountry)).toEqual(['ES', '']);
  });

  it('should search the name after a postcode no package has, and nothing for a bare one', async () => {
    const { service, calls } = serviceWith({ prefix: [place(2, 'Vienna')], word: [], similar: [] });
    expect((await service.search('1010 Wien', 8))[0].city).toBe('Vienna');
    expect(calls[0][1].name).toBe('wien');
    expect(await service.search('99999', 8)).toEqual([]);
  });

  it('should read the visitor country from the configured header only', () => {
    const { service } = serviceWith({ prefix: [], word: [], similar: [] });
    expect(service.visitorCountry({ 'cf-ipcountry': 'de' })).toBe('DE');
    expect(service.visitorCountry({ 'x-country': 'DE' })).toBe('HR');
  });

  it('should know the visitor country only from a configured header naming a country', () => {
    const { service } = serviceWith({ prefix: [], word: [], similar: [] });
    expect(service.knownVisitorCountry({ 'cf-ipcountry': ' es ' })).toBe('ES');
    expect(service.knownVisitorCountry({ 'cf-ipcountry': 'XX' })).toBeNull();
    expect(service.knownVisitorCountry({ 'cf-ipcountry': ['us', 'de'] })).toBe('US');
    expect(service.knownVisitorCountry({})).toBeNull();
    const unconfigured = new PlacesService({} as PlacesRepository, {} as PlacesLoader, {
      VISITOR_COUNTRY_HEADER: undefined,
    });
    expect(unconfigured.knownVisitorCountry({ 'cf-ipcountry': 'ES' })).toBeNull();
  });
});
