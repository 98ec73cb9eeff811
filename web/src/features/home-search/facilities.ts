import type { FacilityEntryDto } from '@/api/types.gen';
import { paths } from '@/config/paths';
import type { SelectedPlace } from './location';
import { collator as makeCollator } from '@/lib/intl';

export interface Facility extends FacilityEntryDto {
  id: string;
}

/** The grouping's map as a list, by facility name then city. */
export function toFacilities(
  map: Record<string, FacilityEntryDto> | undefined,
  language: string,
): Facility[] {
  const collator = makeCollator(language, { sensitivity: 'base', numeric: true });
  return Object.entries(map ?? {})
    .map(([id, entry]) => ({
      id,
      facility: entry.facility ?? '',
      city: entry.city ?? '',
      state: entry.state ?? '',
    }))
    .sort((a, b) => collator.compare(a.facility, b.facility) || collator.compare(a.city, b.city));
}

/** The regions (states) present, sorted; facilities without one are only under 'all'. */
export function regionsOf(facilities: readonly Facility[], language: string): string[] {
  const collator = makeCollator(language, { sensitivity: 'base' });
  const states = new Set(facilities.map((f) => f.state.trim()).filter(Boolean));
  return [...states].sort(collator.compare);
}

export interface FacilityFilters {
  /** '' for every region. */
  region: string;
  text: string;
  selectedOnly: boolean;
}

export const NO_FILTERS: FacilityFilters = { region: '', text: '', selectedOnly: false };

/** Case-insensitive, and 'clinic' also finds 'Clínic' (names are typed without accents). */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Spec 01 §2: by region, by text on facility, city or state, and by selected only. */
export function filterFacilities(
  facilities: readonly Facility[],
  filters: FacilityFilters,
  selected: ReadonlySet<string>,
): Facility[] {
  const text = fold(filters.text.trim());
  return facilities.filter(
    (f) =>
      (!filters.region || f.state.trim() === filters.region) &&
      (!filters.selectedOnly || selected.has(f.id)) &&
      (!text ||
        fold(f.facility).includes(text) ||
        fold(f.city).includes(text) ||
        fold(f.state).includes(text)),
  );
}

/** Select all: adds the visible facilities, keeps the hidden ones as they were. */
export function selectVisible(
  selected: ReadonlySet<string>,
  visible: readonly Facility[],
): Set<string> {
  const next = new Set(selected);
  for (const f of visible) {
    next.add(f.id);
  }
  return next;
}

/** Clear: removes the visible facilities only. */
export function clearVisible(
  selected: ReadonlySet<string>,
  visible: readonly Facility[],
): Set<string> {
  const next = new Set(selected);
  for (const f of visible) {
    next.delete(f.id);
  }
  return next;
}

/** The selected ids in list order, as strings (the form keeps facility_ids as strings). */
export function selectedIds(
  facilities: readonly Facility[],
  selected: ReadonlySet<string>,
): string[] {
  return facilities.filter((f) => selected.has(f.id)).map((f) => f.id);
}

/** /searchbycondition?lat&lng&facility&condition&countryCode&city (spec 01 §2 route table). */
export function searchByConditionUrl(
  place: SelectedPlace,
  condition: string,
  facilityIds: readonly string[],
): string {
  const query = new URLSearchParams({
    lat: String(place.latitude),
    lng: String(place.longitude),
    facility: facilityIds.join(','),
    condition,
    countryCode: place.countryCode,
    city: place.city,
  });
  return `${paths.searchByCondition}?${query.toString()}`;
}
