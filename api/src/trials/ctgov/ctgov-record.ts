import type {
  ConditionKey,
  EligibilityRule,
  Specificity,
  TreatmentClass,
} from '@trialflow/contract';
import { extractRules } from '../../eligibility/extract-rules';
import { type GeneMatcher, mapConditions, specificityOf, treatmentClassOf } from './ctgov-classify';

/**
 * Pure derivation of a trial from a ClinicalTrials.gov API v2 study record: no I/O, so the
 * import, the sync and the tests share it. This file parses the record; ctgov-classify.ts
 * classifies its texts (conditions, specificity, treatment classes, genes).
 */

// The filter vocabularies live in @trialflow/contract (search-options.ts, which the web app
// imports too); the derivation below produces them.
export {
  SPECIFICITIES,
  type Specificity,
  TREATMENT_CLASSES,
  type TreatmentClass,
} from '@trialflow/contract';

export const SEXES = ['ALL', 'FEMALE', 'MALE'] as const;
export type Sex = (typeof SEXES)[number];

export interface TrialIntervention {
  name: string;
  type: string;
  treatmentClass: TreatmentClass;
}

export interface SiteContact {
  name?: string;
  role?: string;
  phone?: string;
  email?: string;
}

export interface SiteData {
  facility: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  status: string;
  contacts: SiteContact[];
  lat: number | null;
  lon: number | null;
  /** Set at import when lat/lon are the city's from the gazetteer, not the record's. */
  approximateLocation?: boolean;
}

export interface TrialData {
  nctId: string;
  briefTitle: string;
  officialTitle: string;
  briefSummary: string;
  overallStatus: string;
  studyType: string;
  phases: string[];
  /** ISO dates (YYYY-MM-DD); a month-only date is the first of that month. */
  startDate: string | null;
  lastUpdateDate: string | null;
  sponsor: string;
  conditions: ConditionKey[];
  specificity: Specificity;
  interventions: TrialIntervention[];
  genes: string[];
  minimumAgeYears: number | null;
  maximumAgeYears: number | null;
  sex: Sex;
  eligibilityInclusion: string;
  eligibilityExclusion: string;
  sourceVersion: string | null;
  /** Structured eligibility read from the record (before any curation). */
  rules: EligibilityRule[];
  sites: SiteData[];
  raw: Record<string, unknown>;
}

export class InvalidRecordError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

type Json = Record<string, unknown>;

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : {};
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(str).filter(Boolean) : [];
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const NCT_ID = /^NCT\d{8}$/;

/** The NCT id of a record, or null when the record has none (or is not an object). */
export function nctIdOf(record: unknown): string | null {
  const id = str(obj(obj(obj(record).protocolSection).identificationModule).nctId).toUpperCase();
  return NCT_ID.test(id) ? id : null;
}

const AGE_UNITS: Record<string, number> = {
  year: 1,
  month: 1 / 12,
  week: 7 / 365.25,
  day: 1 / 365.25,
  hour: 1 / (365.25 * 24),
  minute: 1 / (365.25 * 24 * 60),
};

/** '18 Years' → 18, '6 Months' → 0.5; null when absent or unreadable. */
export function parseAgeYears(value: unknown): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(year|month|week|day|hour|minute)s?$/i.exec(str(value));
  if (!m) {
    return null;
  }
  const years = Number(m[1]) * AGE_UNITS[m[2].toLowerCase()];
  return Math.round(years * 1000) / 1000;
}

export function parseSex(value: unknown): Sex {
  const v = str(value).toUpperCase();
  return v === 'FEMALE' || v === 'MALE' ? v : 'ALL';
}

const PHASES = ['EARLY_PHASE1', 'PHASE1', 'PHASE2', 'PHASE3', 'PHASE4', 'NA'];

export function parsePhases(value: unknown): string[] {
  return strings(value)
    .map((p) => p.toUpperCase().replace(/[\s/]+/g, ''))
    .filter((p) => PHASES.includes(p));
}

/** 'YYYY-MM-DD' or 'YYYY-MM' (first of the month); null otherwise. */
export function parseCtgovDate(value: unknown): string | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(str(value));
  return m ? `${m[1]}-${m[2]}-${m[3] ?? '01'}` : null;
}

// --- Eligibility --------------------------------------------------------------------------

type Section = 'inclusion' | 'exclusion';

/** A heading line such as 'Inclusion Criteria:', '**Key Exclusion criteria**', '# Exclusion'. */
function headingOf(line: string): Section | null {
  const trimmed = line.trim();
  const bulleted = /^([-*+•]|\d+[.)])\s/.test(trimmed);
  const text = trimmed
    .replace(/^[#>*\-+•\s]+/, '')
    .replace(/[*_\s]+$/, '')
    .replace(/^\*\*|\*\*$/g, '')
    .trim();
  if (text.length === 0 || text.length > 100) {
    return null;
  }
  const inc = /\binclusions?\b/i.test(text);
  const exc = /\bexclusions?\b/i.test(text);
  if (inc === exc) {
    return null;
  }
  // "One of the following inclusion criteria must be true:" opens a list of alternatives inside
  // the inclusion list: an item, not a heading ("Patients meeting any of the following exclusion
  // criteria …" still opens the exclusion list).
  if (inc && /\bone of the following\b/i.test(text) && /\b(?:must|should)\b/i.test(text)) {
    return null;
  }
  const colon = /[:：]\s*\**$/.test(text);
  // A bulleted line or a sentence ('Further inclusion criteria apply.') is an item.
  if (!colon && (bulleted || /[.;,]$/.test(text) || !/criteria\b|^(in|ex)clusions?$/i.test(text))) {
    return null;
  }
  return inc ? 'inclusion' : 'exclusion';
}

/**
 * A criteria heading that names one cohort, arm, part or group; session 12: or module or phase,
 * or "Cohort-Specific" ("Phase 2a Expansion Cohort-Specific Inclusion Criteria:", "Module 2
 * specific inclusion criteria:", "Key inclusion criteria only for phase III:").
 */
const SUBGROUP_NAMED =
  /\b(?:cohorts?|arms?|parts?|groups?|modules?|phases?)\s+[a-z0-9][\w-]{0,5}\b|\b(?:cohort|arm|part|group|module|phase)[- ]specific\b/i;

/**
 * Splits the criteria text at its 'Inclusion Criteria' / 'Exclusion Criteria' headings. Text
 * before any heading, or a text with no headings at all, counts as inclusion.
 */
export function splitEligibility(text: unknown): { inclusion: string; exclusion: string } {
  const source = typeof text === 'string' ? text.replace(/\r\n?/g, '\n') : '';
  const parts: Record<Section, string[]> = { inclusion: [], exclusion: [] };
  let current: Section = 'inclusion';
  let sawHeading = false;
  for (const line of source.split('\n')) {
    const heading = headingOf(line);
    if (heading) {
      current = heading;
      sawHeading = true;
      // A heading of one cohort's, arm's or part's criteria ("Inclusion criteria specific to
      // Cohort A1:") stays in the text: the rules read under it are that subgroup's (round 11).
      if (SUBGROUP_NAMED.test(line)) {
        parts[current].push(line);
      }
      continue;
    }
    parts[current].push(line);
  }
  if (!sawHeading) {
    // One-line texts: 'Inclusion Criteria: … Exclusion Criteria: …'.
    const m = /^(.*?)\bexclusion criteria\s*[:：]\s*(.*)$/is.exec(source);
    if (m) {
      return {
        inclusion: tidy(m[1].replace(/^\s*inclusion criteria\s*[:：]/i, '')),
        exclusion: tidy(m[2]),
      };
    }
  }
  return {
    inclusion: tidy(parts.inclusion.join('\n')),
    exclusion: tidy(parts.exclusion.join('\n')),
  };
}

function tidy(text: string): string {
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

// --- Texts the classification reads ---------------------------------------------------

/** The texts the condition mapping reads: conditions, keywords, titles and MeSH terms. */
export function conditionTexts(record: unknown): string[] {
  const protocol = obj(obj(record).protocolSection);
  const conditions = obj(protocol.conditionsModule);
  const ident = obj(protocol.identificationModule);
  const meshes = obj(obj(obj(record).derivedSection).conditionBrowseModule).meshes;
  return [
    ...strings(conditions.conditions),
    ...strings(conditions.keywords),
    str(ident.briefTitle),
    str(ident.officialTitle),
    ...(Array.isArray(meshes) ? meshes.map((m) => str(obj(m).term)) : []),
  ].filter(Boolean);
}

export function parseInterventions(value: unknown): TrialIntervention[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value
    .map((i) => ({ name: str(obj(i).name), type: str(obj(i).type).toUpperCase() || 'OTHER' }))
    .filter((i) => i.name)
    .map((i) => ({ ...i, treatmentClass: treatmentClassOf(i.type, i.name) }));
}

// --- The whole record ---------------------------------------------------------------------

function parseSites(value: unknown): SiteData[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.map((l) => {
    const loc = obj(l);
    const geo = obj(loc.geoPoint);
    const lat = num(geo.lat);
    const lon = num(geo.lon);
    const valid = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
    const contacts = Array.isArray(loc.contacts)
      ? loc.contacts.map((c) => {
          const contact = obj(c);
          const out: SiteContact = {};
          for (const key of ['name', 'role', 'phone', 'email'] as const) {
            if (str(contact[key])) {
              out[key] = str(contact[key]);
            }
          }
          return out;
        })
      : [];
    return {
      facility: str(loc.facility),
      city: str(loc.city),
      state: str(loc.state),
      zip: str(loc.zip),
      country: str(loc.country),
      status: str(loc.status).toUpperCase(),
      contacts,
      lat: valid ? lat : null,
      lon: valid ? lon : null,
    };
  });
}

/** Derives the stored trial from a study record; throws InvalidRecordError when it cannot. */
export function parseStudy(record: unknown, matchGenes: GeneMatcher): TrialData {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new InvalidRecordError('not an object');
  }
  const nctId = nctIdOf(record);
  if (!nctId) {
    throw new InvalidRecordError('no NCT id');
  }
  const raw = record as Json;
  const protocol = obj(raw.protocolSection);
  const ident = obj(protocol.identificationModule);
  const status = obj(protocol.statusModule);
  const design = obj(protocol.designModule);
  const conditionsModule = obj(protocol.conditionsModule);
  const eligibility = obj(protocol.eligibilityModule);
  const criteria = str(eligibility.eligibilityCriteria);
  const texts = conditionTexts(raw);
  const conditions = mapConditions(texts);
  const split = splitEligibility(criteria);
  const minimumAgeYears = parseAgeYears(eligibility.minimumAge);
  const maximumAgeYears = parseAgeYears(eligibility.maximumAge);
  const sex = parseSex(eligibility.sex);
  return {
    nctId,
    briefTitle: str(ident.briefTitle),
    officialTitle: str(ident.officialTitle),
    briefSummary: str(obj(protocol.descriptionModule).briefSummary),
    overallStatus: str(status.overallStatus).toUpperCase(),
    studyType: str(design.studyType).toUpperCase(),
    phases: parsePhases(design.phases),
    startDate: parseCtgovDate(obj(status.startDateStruct).date),
    lastUpdateDate: parseCtgovDate(obj(status.lastUpdatePostDateStruct).date),
    sponsor: str(obj(obj(protocol.sponsorCollaboratorsModule).leadSponsor).name),
    conditions,
    specificity: specificityOf(conditions, texts),
    interventions: parseInterventions(obj(protocol.armsInterventionsModule).interventions),
    genes: matchGenes([
      str(ident.briefTitle),
      str(ident.officialTitle),
      ...strings(conditionsModule.conditions),
      ...strings(conditionsModule.keywords),
      criteria,
    ]),
    minimumAgeYears,
    maximumAgeYears,
    sex,
    eligibilityInclusion: split.inclusion,
    eligibilityExclusion: split.exclusion,
    sourceVersion: str(obj(obj(raw.derivedSection).miscInfoModule).versionHolder) || null,
    rules: extractRules({
      minimumAgeYears,
      maximumAgeYears,
      sex,
      eligibilityInclusion: split.inclusion,
      eligibilityExclusion: split.exclusion,
      conditions,
    }),
    sites: parseSites(obj(protocol.contactsLocationsModule).locations),
    raw,
  };
}

/** The facility identity of a site: name, city and country, case- and accent-insensitive. */
export function facilityKey(site: Pick<SiteData, 'facility' | 'city' | 'country'>): string {
  const norm = (s: string): string =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return [site.facility, site.city, site.country].map(norm).join('|');
}
