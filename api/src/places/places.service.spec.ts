import type { Env } from '../config/env';
import type { PlacesLoader } from './places-loader';
import type { FoundPlace, PlaceSearch, PlacesRepository } from './places.repository';
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

function serviceWith(tiers: { prefix: FoundPlace[]; word: FoundPlace[]; similar: FoundPlace[] }) {
  const calls: [string, PlaceSearch][] = [];
  const take = (tier: keyof typeof tiers) => (s: PlaceSearch) => {
    calls.push([tier, s]);
    return Promise.resolve(tiers[tier].slice(0, s.limit));
  };
  const repo: Pick<PlacesRepository, 'findByPrefix' | 'findByWordPrefix' | 'findSimilar'> = {
    findByPrefix: take('prefix'),
    findByWordPrefix: take('word'),
    findSimilar: take('similar'),
  };
  let waited = false;
  const loader: Pick<PlacesLoader, 'whenReady'> = {
    whenReady: () => {
      waited = true;
      return Promise.resolve();
    },
  };
  const env: Pick<Env, 'VISITOR_COUNTRY_HEADER'> = { VISITOR_COUNTRY_HEADER: 'CF-IPCountry' };
  const service = new PlacesService(repo as PlacesRepository, loader as PlacesLoader, env);
  return { service, calls, waited: () => waited };
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

  it('should read the visitor country from the configured header only', () => {
    const { service } = serviceWith({ prefix: [], word: [], similar: [] });
    expect(service.visitorCountry({ 'cf-ipcountry': 'de' })).toBe('DE');
    expect(service.visitorCountry({ 'x-country': 'DE' })).toBe('HR');
  });
});
