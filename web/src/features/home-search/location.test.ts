import { describe, expect, it } from 'vitest';
import { placesQuery } from './api/search-places';
import { filterFacilities, searchByConditionUrl, toFacilities } from './facilities';
import { isAllowedLocationText, placeFromForm, radiusUnitFor } from './location';
import { GROUP_3 } from './testing/fixtures';

describe(isAllowedLocationText.name, () => {
  it.each([
    '',
    'Berlin',
    "Val-d'Oise (95), Île-de-France",
    'Москва',
    '東京都',
    'Zürich 8001',
    'St. John’s',
  ])('should allow %s', (text) => {
    expect(isAllowedLocationText(text)).toBe(true);
  });

  it.each(['Berlin<', 'a@b', 'x;y', 'a/b', 'a_b', 'a"b', '50%'])('should refuse %s', (text) => {
    expect(isAllowedLocationText(text)).toBe(false);
  });
});

describe(radiusUnitFor.name, () => {
  it.each([
    ['US', 'MI'],
    ['gb', 'MI'],
    ['DE', 'KM'],
    ['HR', 'KM'],
    ['', 'KM'],
  ])('should give %s the unit %s', (country, unit) => {
    expect(radiusUnitFor(country)).toBe(unit);
  });
});

describe(placeFromForm.name, () => {
  it('should take a complete stored place, with the first part of the label as city', () => {
    expect(
      placeFromForm({
        zip_code: 'Madrid, Comunidad de Madrid, Spain',
        country_name: 'es',
        latitude: 40.4165,
        longitude: -3.70256,
      }),
    ).toEqual({
      label: 'Madrid, Comunidad de Madrid, Spain',
      city: 'Madrid',
      countryCode: 'ES',
      latitude: 40.4165,
      longitude: -3.70256,
    });
  });

  it.each([
    [{ zip_code: '', country_name: 'ES', latitude: 40, longitude: -3 }],
    [{ zip_code: 'Madrid', country_name: '', latitude: 40, longitude: -3 }],
    [{ zip_code: 'Madrid', country_name: 'ES', latitude: 0, longitude: 0 }],
  ])('should take no incomplete place (%o)', (form) => {
    expect(placeFromForm(form)).toBeNull();
  });
});

describe('facility helpers', () => {
  it('should match the text on facility, city or state without case or accents', () => {
    const facilities = toFacilities(GROUP_3, 'de');
    const names = (text: string) =>
      filterFacilities(facilities, { region: '', text, selectedOnly: false }, new Set()).map(
        (f) => f.id,
      );

    expect(names('CHARITE')).toEqual(['101']);
    expect(names('köln')).toEqual(['401']);
    expect(names('bayern')).toEqual(['201', '202']);
    expect(names('  ')).toHaveLength(6);
  });

  it('should build the search-by-condition address of the route table', () => {
    const url = searchByConditionUrl(
      {
        label: 'Köln, NRW, Germany',
        city: 'Köln',
        countryCode: 'DE',
        latitude: 50.9,
        longitude: 6.95,
      },
      'melanoma',
      ['401', '101'],
    );

    expect(url).toBe(
      '/searchbycondition?lat=50.9&lng=6.95&facility=401%2C101&condition=melanoma&countryCode=DE&city=K%C3%B6ln',
    );
  });
});

describe(placesQuery.name, () => {
  it('should send plain single spaces and at most 60 characters', () => {
    expect(placesQuery('  Santa\u00a0Cruz   de\tTenerife ')).toBe('Santa Cruz de Tenerife');
    expect(Array.from(placesQuery('𝔸'.repeat(70)))).toHaveLength(60);
    expect(placesQuery('a'.repeat(59) + ' b')).toBe('a'.repeat(59));
  });
});
