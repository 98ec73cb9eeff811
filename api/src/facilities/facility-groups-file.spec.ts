import { toFacilityMap } from './dto/facility-entry.dto';
import {
  describeFacilityRef,
  FacilityGroupsFileError,
  parseFacilityGroupsFile,
} from './facility-groups-file';

describe(parseFacilityGroupsFile.name, () => {
  it('should read groups with name entries and id entries, trimmed, numeric ids as text', () => {
    const groups = parseFacilityGroupsFile({
      groups: [
        {
          id: 3,
          name: ' Partner three ',
          facilities: [
            { facility: ' Charité Berlin ', city: 'Berlin', country: 'Germany' },
            { id: 17 },
          ],
        },
        { id: '6', name: 'Empty', facilities: [] },
      ],
    });
    expect(groups).toEqual([
      {
        id: '3',
        name: 'Partner three',
        facilities: [
          { facility: 'Charité Berlin', city: 'Berlin', country: 'Germany' },
          { id: 17 },
        ],
      },
      { id: '6', name: 'Empty', facilities: [] },
    ]);
  });

  it.each([
    [[], 'The file must be { "groups": [ ... ] }.'],
    [{ groups: {} }, 'The file must be { "groups": [ ... ] }.'],
    [{ groups: [{ id: '1234', name: 'x', facilities: [] }] }, 'groups[0].id must be 1 to 3 digits'],
    [{ groups: [{ id: 'a', name: 'x', facilities: [] }] }, 'groups[0].id must be 1 to 3 digits'],
    [{ groups: [{ id: '3', name: ' ', facilities: [] }] }, 'groups[0].name must be a non-empty'],
    [{ groups: [{ id: '3', name: 'x' }] }, 'groups[0].facilities must be a list.'],
    [
      {
        groups: [
          { id: '3', name: 'x', facilities: [] },
          { id: 3, name: 'y', facilities: [] },
        ],
      },
      'groups[1].id 3 is listed twice.',
    ],
    [
      { groups: [{ id: '3', name: 'x', facilities: [{ id: 0 }] }] },
      'groups[0].facilities[0].id must be a positive whole number.',
    ],
    [
      { groups: [{ id: '3', name: 'x', facilities: [{ facility: 'A', city: 'B' }] }] },
      'groups[0].facilities[0] needs either an "id" or all of',
    ],
  ])('should reject %j naming the entry', (json, message) => {
    expect(() => parseFacilityGroupsFile(json)).toThrow(FacilityGroupsFileError);
    expect(() => parseFacilityGroupsFile(json)).toThrow(message);
  });
});

describe(describeFacilityRef.name, () => {
  it('should show an id entry by id and a name entry by name, city and country', () => {
    expect(describeFacilityRef({ id: 17 })).toBe('id 17');
    expect(describeFacilityRef({ facility: 'A', city: 'B', country: 'C' })).toBe('A, B, C');
  });
});

describe(toFacilityMap.name, () => {
  it('should key the spec facility map by facility id with facility, city and state', () => {
    expect(
      toFacilityMap([
        { id: 4, name: 'Charité Berlin', city: 'Berlin', state: '' },
        { id: 12, name: 'MD Anderson', city: 'Houston', state: 'Texas' },
      ]),
    ).toEqual({
      '4': { facility: 'Charité Berlin', city: 'Berlin', state: '' },
      '12': { facility: 'MD Anderson', city: 'Houston', state: 'Texas' },
    });
  });
});
