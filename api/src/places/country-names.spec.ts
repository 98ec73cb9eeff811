import { countryCodeOf } from './country-names';

describe(countryCodeOf.name, () => {
  it.each([
    ['Germany', 'DE'],
    ['United States', 'US'],
    ['Korea, Republic of', 'KR'],
    ['Turkey (Türkiye)', 'TR'],
    ['Turkey', 'TR'],
    ['Russian Federation', 'RU'],
    ['Bosnia and Herzegovina', 'BA'],
    ['Hong Kong', 'HK'],
    ['CZECHIA', 'CZ'],
    ['Côte d’Ivoire', 'CI'],
  ])('should know %s as %s', (name, code) => {
    expect(countryCodeOf(name)).toBe(code);
  });

  it('should answer null for a name that is no country', () => {
    expect(countryCodeOf('Atlantis')).toBeNull();
    expect(countryCodeOf('')).toBeNull();
  });
});
