import { UK_POSTCODE_AREAS, ukOutwardCode } from './uk-postcode-areas';

describe(ukOutwardCode.name, () => {
  it.each([
    ['M1', { area: 'M', shown: 'M1', canadianShape: false }],
    ['SW1A', { area: 'SW', shown: 'SW1A', canadianShape: false }],
    ['SW1A1AA', { area: 'SW', shown: 'SW1A 1AA', canadianShape: false }],
    ['M11AA', { area: 'M', shown: 'M1 1AA', canadianShape: false }],
    ['EC1A1BB', { area: 'EC', shown: 'EC1A 1BB', canadianShape: false }],
    ['W1A', { area: 'W', shown: 'W1A', canadianShape: true }],
  ])('should read %j as an outward code of its area', (postcode, expected) => {
    expect(ukOutwardCode(postcode)).toEqual(expected);
  });

  it.each(['10117', 'T0A', 'QQ1', 'M', 'SW1A1A', '1AA'])(
    'should read %j as no UK code of a known area',
    (postcode) => {
      expect(ukOutwardCode(postcode)).toBeNull();
    },
  );

  it('should know the areas by one or two capital letters, London for its eight', () => {
    expect(Object.keys(UK_POSTCODE_AREAS).every((a) => /^[A-Z]{1,2}$/.test(a))).toBe(true);
    expect(Object.keys(UK_POSTCODE_AREAS)).toHaveLength(121);
    expect(
      Object.entries(UK_POSTCODE_AREAS)
        .filter(([, town]) => town === 'London')
        .map(([area]) => area)
        .sort(),
    ).toEqual(['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC']);
  });
});
