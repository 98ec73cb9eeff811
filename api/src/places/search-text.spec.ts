import {
  escapeLike,
  nameBeforeBracket,
  normalizePlaceText,
  normalizePostcode,
  parsePlaceQuery,
  parsePostcodeQuery,
  PLACE_QUERY,
  placeLabel,
  preferredSpelling,
  spellingTyped,
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

describe('normalizePlaceText on plain ASCII', () => {
  it.each(["St. John's", 'Frankfurt (Oder)', 'Winston-Salem', 'a_b/c', '  New   York  ', 'KOELN'])(
    'should answer %j as the full normalisation does',
    (text) => {
      const full = text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/['`.()]/g, '')
        .replace(/[\s\-_/]+/g, ' ')
        .trim();
      expect(normalizePlaceText(text)).toBe(full);
    },
  );
});

describe(normalizePostcode.name, () => {
  it.each([
    ['10117', '10117'],
    ['sw1a 1aa', 'SW1A1AA'],
    ['02-115', '02115'],
    [' t0a ', 'T0A'],
  ])('should make %j into %j', (text, code) => {
    expect(normalizePostcode(text)).toBe(code);
  });
});

describe(parsePostcodeQuery.name, () => {
  it.each([
    ['10117', { postcode: '10117', place: '' }],
    ['10117 Berlin', { postcode: '10117', place: 'berlin' }],
    ['75001 Paris, Île-de-France, France', { postcode: '75001', place: 'paris' }],
    ['02 115', { postcode: '02115', place: '' }],
    ['1010 Wien', { postcode: '1010', place: 'wien' }],
    ['T0A', { postcode: 'T0A', place: '' }],
    ['SW1A 1AA London', { postcode: 'SW1A1AA', place: 'london' }],
    // The new countries' shapes: Spanish five digits with a leading zero, British outward codes,
    // Dutch four digits (with the letters after a space read as the place), Swiss and Austrian.
    ['08001 Barcelona', { postcode: '08001', place: 'barcelona' }],
    ['28001, Spain', { postcode: '28001', place: '' }],
    ['SW1A', { postcode: 'SW1A', place: '' }],
    ['M1', { postcode: 'M1', place: '' }],
    ['m1 manchester', { postcode: 'M1', place: 'manchester' }],
    ['1011 AB Amsterdam', { postcode: '1011', place: 'amsterdam' }],
    ['1011ab Amsterdam, Netherlands', { postcode: '1011', place: 'amsterdam' }],
    ['2400 Le Locle', { postcode: '2400', place: 'locle' }],
    ['8001 Zürich', { postcode: '8001', place: 'zurich' }],
  ])('should read %j as a postcode', (q, parsed) => {
    expect(parsePostcodeQuery(q)).toEqual(parsed);
  });

  it.each(['Berlin', 'Berlin 10117', 'Zone 3', '1', 'São Paulo', ''])(
    'should read %j as no postcode',
    (q) => {
      expect(parsePostcodeQuery(q)).toBeNull();
    },
  );
});

describe(nameBeforeBracket.name, () => {
  it('should split a chosen label with another name into the name typed and the bracket', () => {
    expect(nameBeforeBracket('München (Munich), Bavaria, Germany')).toEqual({
      before: 'München',
      inside: 'munich',
    });
    expect(nameBeforeBracket('Frankfurt (Oder)')).toEqual({ before: 'Frankfurt', inside: 'oder' });
    expect(nameBeforeBracket('Munich, Bavaria (DE)')).toBeNull();
    expect(nameBeforeBracket('Munich')).toBeNull();
  });
});

describe(spellingTyped.name, () => {
  it('should pick the spelling being typed, else the first', () => {
    expect(spellingTyped(['Milánó', 'Milano'], 'Milan')).toBe('Milano');
    expect(spellingTyped(['Milánó', 'Milano'], 'milá')).toBe('Milánó');
    expect(spellingTyped(['München', 'Munchen'], 'MUN')).toBe('Munchen');
    expect(spellingTyped(['München', 'Munchen'], 'muench')).toBe('München');
  });
});

describe(preferredSpelling.name, () => {
  it('should prefer the spelling with letters beyond ASCII, else keep the first', () => {
    expect(preferredSpelling('Munchen', 'München')).toBe('München');
    expect(preferredSpelling('München', 'Munchen')).toBe('München');
    expect(preferredSpelling('Wien', 'Vienne')).toBe('Wien');
  });
});

describe('placeLabel with another name or a postcode', () => {
  it('should show the other name with the own in brackets, and a postcode first', () => {
    expect(placeLabel('Munich', 'Bavaria', 'Germany', { otherName: 'München' })).toBe(
      'München (Munich), Bavaria, Germany',
    );
    expect(placeLabel('Vienna', 'Vienna', 'Austria', { otherName: 'Wien' })).toBe(
      'Wien (Vienna), Austria',
    );
    // The same name in another spelling needs no brackets.
    expect(placeLabel('Zürich', 'Zurich', 'Switzerland', { otherName: 'Zurich' })).toBe(
      'Zürich, Switzerland',
    );
    expect(placeLabel('Berlin', 'State of Berlin', 'Germany', { postcode: '10117' })).toBe(
      '10117 Berlin, State of Berlin, Germany',
    );
  });
});
