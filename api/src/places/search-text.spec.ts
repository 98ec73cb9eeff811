import {
  escapeLike,
  normalizePlaceText,
  parsePlaceQuery,
  PLACE_QUERY,
  placeLabel,
} from './search-text';

describe(normalizePlaceText.name, () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['Zürich', 'zurich'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['Ørsta', 'orsta'],
    ['Đakovo', 'dakovo'],
    ['Saint-Étienne', 'saint etienne'],
    ['St. Louis', 'st louis'],
    ["L'Aquila", 'laquila'],
    ['L’Aquila', 'laquila'],
    ['Frankfurt (Oder)', 'frankfurt oder'],
    ['  New   York  ', 'new york'],
    ['Москва', 'москва'],
    ['İstanbul', 'istanbul'],
  ])('should make %j into %j', (text, normalized) => {
    expect(normalizePlaceText(text)).toBe(normalized);
  });
});

describe(parsePlaceQuery.name, () => {
  it('should split the name from the region and country after commas, dropping empty parts', () => {
    expect(parsePlaceQuery('Berlin, State of Berlin, Germany')).toEqual({
      name: 'berlin',
      qualifiers: ['state of berlin', 'germany'],
    });
    expect(parsePlaceQuery('São,, ')).toEqual({ name: 'sao', qualifiers: [] });
    expect(parsePlaceQuery(', Germany')).toEqual({ name: '', qualifiers: ['germany'] });
  });
});

describe('PLACE_QUERY', () => {
  it.each([
    'Berlin',
    'São Paulo',
    "L'Aquila",
    'Frankfurt (Oder)',
    'St. Louis, MO',
    'Москва',
    '北京',
    'Zone 3',
  ])('should accept %j', (q) => {
    expect(PLACE_QUERY.test(q)).toBe(true);
  });

  it.each(['Berlin;', '<b>', '50%', 'a_b', 'a\\b', 'a/b', 'x\ny', 'a"b', 'a*'])(
    'should refuse %j',
    (q) => {
      expect(PLACE_QUERY.test(q)).toBe(false);
    },
  );
});

describe(escapeLike.name, () => {
  it('should escape the LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe(placeLabel.name, () => {
  it('should join city, region and country, leaving out a missing or repeated region', () => {
    expect(placeLabel('Berlin', 'State of Berlin', 'Germany')).toBe(
      'Berlin, State of Berlin, Germany',
    );
    expect(placeLabel('Madrid', 'Madrid', 'Spain')).toBe('Madrid, Spain');
    expect(placeLabel('Zürich', 'Zurich', 'Switzerland')).toBe('Zürich, Switzerland');
    expect(placeLabel('Vaduz', '', 'Liechtenstein')).toBe('Vaduz, Liechtenstein');
  });
});
