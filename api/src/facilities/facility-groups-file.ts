/**
 * The facility groups file (`npm run facilities:groups -- import <file.json>`): pure parsing and
 * matching keys, no database.
 */

/** A facility grouping code of spec 02 §3 (3, 4, 5, 6 today): one to three digits. */
export const FACILITY_GROUP_ID = /^\d{1,3}$/;

export type FacilityRef = { id: number } | { facility: string; city: string; country: string };

export interface FacilityGroupDefinition {
  id: string;
  name: string;
  facilities: FacilityRef[];
}

export class FacilityGroupsFileError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function parseRef(value: unknown, where: string): FacilityRef {
  if (!isObject(value)) {
    throw new FacilityGroupsFileError(`${where} must be an object.`);
  }
  if ('id' in value) {
    if (!Number.isInteger(value.id) || (value.id as number) <= 0) {
      throw new FacilityGroupsFileError(`${where}.id must be a positive whole number.`);
    }
    return { id: value.id as number };
  }
  const facility = text(value.facility);
  const city = text(value.city);
  const country = text(value.country);
  if (!facility || !city || !country) {
    throw new FacilityGroupsFileError(
      `${where} needs either an "id" or all of "facility", "city" and "country".`,
    );
  }
  return { facility, city, country };
}

/** Checks the shape of a parsed groups file; throws naming the first wrong entry. */
export function parseFacilityGroupsFile(json: unknown): FacilityGroupDefinition[] {
  if (!isObject(json) || !Array.isArray(json.groups)) {
    throw new FacilityGroupsFileError('The file must be { "groups": [ ... ] }.');
  }
  const seen = new Set<string>();
  return json.groups.map((group: unknown, i) => {
    const where = `groups[${i}]`;
    if (!isObject(group)) {
      throw new FacilityGroupsFileError(`${where} must be an object.`);
    }
    const id = typeof group.id === 'number' ? String(group.id) : group.id;
    if (typeof id !== 'string' || !FACILITY_GROUP_ID.test(id)) {
      throw new FacilityGroupsFileError(`${where}.id must be 1 to 3 digits (e.g. "3").`);
    }
    if (seen.has(id)) {
      throw new FacilityGroupsFileError(`${where}.id ${id} is listed twice.`);
    }
    seen.add(id);
    const name = text(group.name);
    if (!name) {
      throw new FacilityGroupsFileError(`${where}.name must be a non-empty string.`);
    }
    if (!Array.isArray(group.facilities)) {
      throw new FacilityGroupsFileError(`${where}.facilities must be a list.`);
    }
    const facilities = group.facilities.map((f: unknown, j) =>
      parseRef(f, `${where}.facilities[${j}]`),
    );
    return { id, name, facilities };
  });
}

/** How an entry of the file reads in a report. */
export function describeFacilityRef(ref: FacilityRef): string {
  return 'id' in ref ? `id ${ref.id}` : `${ref.facility}, ${ref.city}, ${ref.country}`;
}
