import { BadRequestException } from '@nestjs/common';
import {
  CONDITION_KEYS,
  type ConditionKey,
  criterionsForSearch,
  type SearchCriterions,
  CRITERIA,
  type Criterions,
  isCriterionKey,
  type Answers,
  validateAnswers,
  defaultRadiusUnit,
  RECRUITING_STATUSES,
  type RadiusUnit,
  STUDY_TYPES,
  toKm,
} from '@trialflow/contract';
import type { TrialSearchDto } from './dto/trial-search.dto';
import type { IndexQuery } from './index/index-types';

/**
 * Request validation and conversion for the trial search, in one place: the DTO pipe checks the
 * shapes, this checks what the shapes cannot say (complete location criteria, criterions
 * against the vocabulary, answers against the answer schema) and converts the request into the
 * index's query. Every failure is a 400 naming the field.
 */

export interface ResolvedSearch {
  query: IndexQuery;
  unit: RadiusUnit;
  page: number;
}

/** What the details screen evaluates a trial for (from the answers in its q parameter). */
export interface DetailsQuery {
  criterions: Criterions;
  now: Date;
  /** The patient's place, or null when the answers hold none. */
  lat: number | null;
  lon: number | null;
  unit: RadiusUnit;
  /** The radius in `unit`, NaN when the answers hold none. */
  radius: number;
  evaluated: boolean;
  /** The condition the answers name (type_of_disease), when it is one of the 17. */
  condition?: ConditionKey;
}

function badRequest(message: string, errors: Record<string, string>): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors });
}

/** Questionnaire answers from a request, or a 400 naming each bad field under `prefix`. */
function validAnswers(input: unknown, prefix: string): Answers {
  const validation = validateAnswers(input);
  if ('errors' in validation) {
    throw badRequest(
      validation.errors.map((e) => `${prefix}: ${e.message}`).join('; '),
      Object.fromEntries(validation.errors.map((e) => [`${prefix}.${e.field}`, 'invalidAnswer'])),
    );
  }
  return validation.answers;
}

/** Checks criterions against the vocabulary: a key it does not know or a wrong value is a 400. */
export function validateCriterions(input: Record<string, unknown>, now: Date): SearchCriterions {
  const errors: Record<string, string> = {};
  const messages: string[] = [];
  const out: SearchCriterions = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === '') {
      continue;
    }
    if (key === 'interventional') {
      if (typeof value !== 'boolean') {
        errors[`criterions.${key}`] = 'isBoolean';
        messages.push('criterions.interventional must be true or false');
      } else {
        out.interventional = value;
      }
      continue;
    }
    if (!isCriterionKey(key)) {
      errors[`criterions.${key}`] = 'unknownCriterion';
      messages.push(`criterions.${key} is not a known criterion`);
      continue;
    }
    const kind = CRITERIA[key].kind;
    const ok =
      kind === 'boolean'
        ? typeof value === 'boolean'
        : kind === 'gender'
          ? value === 'male' || value === 'female'
          : kind === 'birthYear'
            ? Number.isInteger(value) &&
              (value as number) >= 1900 &&
              (value as number) <= now.getFullYear()
            : kind === 'therapy'
              ? Number.isInteger(value) && (value === -1 || value === -2 || (value as number) > 0)
              : kind === 'lines'
                ? Number.isInteger(value) && (value as number) >= 0
                : typeof value === 'number' && Number.isFinite(value);
    if (!ok) {
      errors[`criterions.${key}`] = 'invalidValue';
      const expected = {
        boolean: 'true or false',
        gender: "'male' or 'female'",
        birthYear: `a birth year from 1900 to ${now.getFullYear()}`,
        therapy: '-1 (had it), -2 (did not) or weeks since it',
        lines: 'a count from 0',
        number: 'a number',
      }[kind];
      messages.push(`criterions.${key} must be ${expected}`);
      continue;
    }
    (out as Record<string, unknown>)[key] = value;
  }
  if (messages.length > 0) {
    throw badRequest(messages.join('; '), errors);
  }
  return out;
}

/** Spec 02 §7 calls 1 and 2: the validated request as the index's query, its unit and page. */
export function toIndexQuery(dto: TrialSearchDto, now: Date = new Date()): ResolvedSearch {
  // Spec 02 §3: location-search criteria are complete only when all are present and truthy.
  const missing: string[] = [];
  if (!dto.type_of_disease) missing.push('type_of_disease');
  if (!dto.country) missing.push('country');
  if (!dto.location?.lat) missing.push('location.lat');
  if (!dto.location?.long) missing.push('location.long');
  if (!dto.radius) missing.push('radius');
  if (missing.length > 0) {
    throw badRequest(
      `The location criteria are incomplete: ${missing.join(', ')} missing.`,
      Object.fromEntries(missing.map((m) => [m, 'isNotEmpty'])),
    );
  }
  let criterions: SearchCriterions = {};
  if (dto.criterions) {
    criterions = validateCriterions(dto.criterions, now);
  } else if (dto.answers) {
    criterions = criterionsForSearch(validAnswers(dto.answers, 'answers'), dto.userSource, now);
  }
  const country = dto.country!.toUpperCase();
  const unit = dto.radius_unit ?? defaultRadiusUnit(country);
  const f = dto.filters ?? {};
  const radius = Math.min(dto.radius!, f.distance ?? Infinity);
  const { interventional, ...rest } = criterions;
  return {
    unit,
    page: dto.page ?? 1,
    query: {
      condition: dto.type_of_disease as ConditionKey,
      lat: dto.location!.lat,
      lon: dto.location!.long,
      radiusKm: toKm(radius, unit),
      facilityIds: dto.facility_ids,
      criterions: rest,
      now,
      sort: dto.sort ?? 'match',
      filters: {
        trial_phase: f.trial_phase,
        study_type: f.study_type?.length
          ? f.study_type
          : interventional === false
            ? [...STUDY_TYPES]
            : ['Interventional'],
        recruiting_status: f.recruiting_status?.length
          ? f.recruiting_status
          : [...RECRUITING_STATUSES],
        treatment_subtype: f.treatment_subtype,
        genetic_mutations: f.genetic_mutations,
        specificity: f.specificity,
      },
    },
  };
}

/** The same query always gives the same key (order of ids, filters and criterions aside). */
export function indexQueryKey(version: string, q: IndexQuery): string {
  return JSON.stringify([
    version,
    q.condition,
    q.lat,
    q.lon,
    q.radiusKm,
    q.facilityIds ? [...q.facilityIds].sort((a, b) => a - b) : null,
    Object.entries(q.criterions).sort(([a], [b]) => a.localeCompare(b)),
    Object.entries(q.filters)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, [...(v as string[])].sort()])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
    q.sort,
    q.now.getFullYear(),
  ]);
}

function decodeAnswers(q: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    const text = Buffer.from(q.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('q must be the questionnaire as base64-encoded JSON', { q: 'isBase64Json' });
  }
  return validAnswers(parsed, 'q');
}

/** Spec 02 §7 call 6: the details screen's q (answers as base64 JSON), validated and converted. */
export function toDetailsQuery(q: string | undefined, now: Date = new Date()): DetailsQuery {
  const answers = q === undefined ? null : decodeAnswers(q);
  const criterions: Criterions = answers ? criterionsForSearch(answers, undefined, now) : {};
  const lat = answers ? Number(answers.latitude) : NaN;
  const lon = answers ? Number(answers.longitude) : NaN;
  const located = Number.isFinite(lat) && Number.isFinite(lon) && (lat !== 0 || lon !== 0);
  const country = typeof answers?.country_name === 'string' ? answers.country_name : '';
  const unit: RadiusUnit =
    answers?.radius_unit === 'MI' || answers?.radius_unit === 'KM'
      ? answers.radius_unit
      : defaultRadiusUnit(country);
  return {
    criterions,
    now,
    lat: located ? lat : null,
    lon: located ? lon : null,
    unit,
    radius: answers ? Number(answers.radius) : NaN,
    evaluated: answers !== null,
    ...((CONDITION_KEYS as readonly unknown[]).includes(answers?.type_of_disease)
      ? { condition: answers!.type_of_disease as ConditionKey }
      : {}),
  };
}
