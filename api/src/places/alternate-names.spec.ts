import { parseCitiesDump, toPlaceNameRows, type DumpPlace } from './alternate-names';

const MUNICH: DumpPlace = {
  id: 2867714,
  name: 'Munich',
  asciiName: 'Munich',
  alternateNames: [
    'MUC',
    'EDDM',
    'München',
    'Munchen',
    'Muenchen',
    'Monaco di Baviera',
    'Мюнхен',
    'Munich',
    'munich',
    '',
  ],
};

describe(toPlaceNameRows.name, () => {
  const places = new Map([[2867714, { searchName: 'munich', population: 1_260_391 }]]);

  it('should keep one row per other normalised name, in Latin letters, without codes', () => {
    const rows = toPlaceNameRows([MUNICH], places);
    expect(rows.map((r) => [r.searchName, r.name, r.spellings])).toEqual([
      ['munchen', 'München', 'Munchen'],
      ['muenchen', 'Muenchen', ''],
      ['monaco di baviera', 'Monaco di Baviera', ''],
    ]);
    expect(rows.every((r) => r.placeId === 2867714 && r.population === 1_260_391)).toBe(true);
  });

  it('should take the dump name when the gazetteer names the place otherwise', () => {
    const rows = toPlaceNameRows(
      [{ id: 2886242, name: 'Köln', asciiName: 'Koeln', alternateNames: ['Cologne'] }],
      new Map([[2886242, { searchName: 'cologne', population: 963_395 }]]),
    );
    expect(rows.map((r) => r.name)).toEqual(['Köln', 'Koeln']);
  });

  it('should leave out places the table does not hold and over-long names', () => {
    expect(toPlaceNameRows([{ ...MUNICH, id: 1 }], places)).toEqual([]);
    const rows = toPlaceNameRows([{ ...MUNICH, alternateNames: ['x'.repeat(61)] }], places);
    expect(rows).toEqual([]);
  });
});

describe(parseCitiesDump.name, () => {
  it('should read id, names and the comma-separated alternate names of each line', () => {
    const text =
      '2761369\tVienna\tVienna\tWien,Vienne\t48.2\t16.37\tP\tPPLC\n' +
      'broken line\n' +
      '3173435\tMilan\tMilan\t\t45.46\t9.18\tP\tPPLA';
    expect([...parseCitiesDump(text)]).toEqual([
      { id: 2761369, name: 'Vienna', asciiName: 'Vienna', alternateNames: ['Wien', 'Vienne'] },
      { id: 3173435, name: 'Milan', asciiName: 'Milan', alternateNames: [] },
    ]);
    expect([...parseCitiesDump(text, (id) => id === 3173435)].map((p) => p.name)).toEqual([
      'Milan',
    ]);
  });
});
