import { COUNTRY_CODES, isCountryCode, visitorCountry } from './country-codes';

describe(isCountryCode.name, () => {
  it('should know the assigned ISO codes and Kosovo, not the reserved ones', () => {
    expect(COUNTRY_CODES.size).toBe(250);
    for (const code of ['DE', 'HR', 'US', 'GB', 'XK', 'SS', 'CW']) {
      expect([code, isCountryCode(code)]).toEqual([code, true]);
    }
    for (const code of ['EU', 'UN', 'UK', 'XX', 'ZZ', 'T1', 'de', 'DEU', '']) {
      expect([code, isCountryCode(code)]).toEqual([code, false]);
    }
  });
});

describe(visitorCountry.name, () => {
  it('should read a country code in any case and with spaces', () => {
    expect(visitorCountry('DE')).toBe('DE');
    expect(visitorCountry(' at ')).toBe('AT');
    expect(visitorCountry(['fr', 'de'])).toBe('FR');
  });

  it('should fall back to HR when there is no country (spec 02 §9)', () => {
    for (const value of [undefined, '', 'XX', 'T1', 'Germany', 'DEU', []]) {
      expect([value, visitorCountry(value)]).toEqual([value, 'HR']);
    }
  });
});
