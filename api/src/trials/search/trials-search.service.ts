import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import type { ConditionKey } from '../../common/conditions';
import { criterionsForSearch, type SearchCriterions } from '../../criteria/answers-to-criterions';
import {
  CRITERIA,
  type Criterions,
  type EligibilityRule,
  isCriterionKey,
} from '../../criteria/criteria';
import { type Answers, validateAnswers } from '../../questionnaire/answer-schema';
import type { SiteContact, TrialIntervention } from '../ctgov/ctgov-record';
import type {
  CriterionResultDto,
  OpenQuestionDto,
  TrialDetailsDto,
  TrialSearchResponseDto,
  TrialSiteDto,
  TrialSummaryDto,
  TrialSummaryResponseDto,
} from './dto/trial-search-response.dto';
import type { TrialSearchDto, TrialSummaryRequestDto } from './dto/trial-search.dto';
import { evaluateRules, type RuleEvaluation } from './matching';
import { describeRule } from './rule-text';
import type { IndexQuery, IndexResult, SearchIndex } from './search-index';
import { SearchIndexService } from './search-index.service';
import {
  defaultRadiusUnit,
  fromKm,
  isOpenSiteStatus,
  PAGE_SIZE,
  phaseOptionsOf,
  RECRUITING_STATUSES,
  type RadiusUnit,
  STUDY_TYPES,
  toKm,
} from './search-options';

const OPEN_QUESTIONS = 10;

interface ResolvedSearch {
  query: IndexQuery;
  unit: RadiusUnit;
  page: number;
}

interface TrialRow {
  id: number;
  nct_id: string;
  brief_title: string;
  official_title: string;
  brief_summary: string;
  phases: string[];
  overall_status: string;
  study_type: string;
  specificity: string;
  conditions: string[];
  sponsor: string;
  start_date: string | null;
  last_update_date: string | null;
  interventions: TrialIntervention[];
  genes: string[];
  minimum_age_years: string | null;
  maximum_age_years: string | null;
  sex: string;
  eligibility_inclusion: string;
  eligibility_exclusion: string;
  rules: EligibilityRule[];
}

interface SiteRow {
  id: number;
  trial_id: number;
  facility_id: number;
  facility_name: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  status: string;
  contacts: SiteContact[];
  lat: number | null;
  lon: number | null;
  meters: number | null;
}

const TRIAL_COLUMNS = `id, nct_id, brief_title, official_title, brief_summary, phases, overall_status,
  study_type, specificity, conditions, sponsor, start_date::text, last_update_date::text,
  interventions, genes, minimum_age_years, maximum_age_years, sex, eligibility_inclusion,
  eligibility_exclusion, rules`;

/** What a result card needs of a trial: no eligibility texts, no summary (details only). */
const SUMMARY_COLUMNS = `id, nct_id, brief_title, official_title, phases, overall_status, study_type,
  specificity, conditions, sponsor, start_date::text, interventions, rules`;

type SummaryRow = Pick<
  TrialRow,
  | 'id'
  | 'nct_id'
  | 'brief_title'
  | 'official_title'
  | 'phases'
  | 'overall_status'
  | 'study_type'
  | 'specificity'
  | 'conditions'
  | 'sponsor'
  | 'start_date'
  | 'interventions'
  | 'rules'
>;

const SITE_COLUMNS = `id, trial_id, facility_id, facility_name, city, state, zip, country, status,
  contacts, lat, lon`;

/** Sites of some trials with their distance (Postgres earthdistance) to a point. */
const SITES_WITH_DISTANCE = `SELECT s.id, s.trial_id, s.facility_id, s.facility_name, s.city,
    s.state, s.zip, s.country, s.status, s.contacts, s.lat, s.lon,
    CASE WHEN s.lat IS NULL OR s.lon IS NULL OR $2::float8 IS NULL THEN NULL
         ELSE earth_distance(ll_to_earth(s.lat, s.lon), ll_to_earth($2, $3)) END AS meters
  FROM site s WHERE s.trial_id = ANY($1::int[])`;

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

function round1(n: number): number {
  return Math.round(n * 10) / 10;
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

function resultOf(
  e: RuleEvaluation,
  outcome: CriterionResultDto['outcome'],
  withText: boolean,
): CriterionResultDto {
  const r = e.rule;
  return {
    key: r.key,
    label: CRITERIA[r.key]?.label ?? r.key,
    kind: r.kind,
    outcome,
    rule: describeRule(r),
    // The rule's parts, for clients that word it in the reader's language.
    ...(r.anyOf?.length ? { anyOf: r.anyOf } : {}),
    ...(r.min !== undefined && r.min !== null && Number.isFinite(r.min) ? { min: r.min } : {}),
    ...(r.max !== undefined && r.max !== null && Number.isFinite(r.max) ? { max: r.max } : {}),
    ...(r.value ? { value: r.value } : {}),
    ...(withText ? { text: r.text } : {}),
    section: r.section,
    ...(e.qualified ? { qualified: true } : {}),
    ...(r.source === 'curation' ? { curated: true } : {}),
  };
}

@Injectable()
export class TrialsSearchService {
  /** Whole sorted results by query (paging through a result, call 1 then call 2). */
  private readonly cache = new LRUCache<string, IndexResult>({
    max: 256,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (r) => r.keys.byteLength + 4096,
  });

  /**
   * Result-card rows and nearest-site rows by store version and id: the same trials come back
   * page after page and search after search, and they only change with the store version.
   */
  private readonly rows = new LRUCache<string, SummaryRow>({ max: 20_000 });
  private readonly siteRows = new LRUCache<string, SiteRow>({ max: 20_000 });

  constructor(
    private readonly indexes: SearchIndexService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Spec call 1: the page of hits, the total, facets and open questions. */
  async search(dto: TrialSearchDto): Promise<TrialSearchResponseDto> {
    const resolved = this.resolve(dto);
    const { index, result } = await this.run(resolved);
    const { page, unit, query } = resolved;
    const hits = index.hits(result, (page - 1) * PAGE_SIZE, page * PAGE_SIZE, query);
    return {
      ...this.pageInfo(result, page, unit),
      nctIds: hits.map((h) => h.nctId),
      trials: hits.map((h) => ({
        nctId: h.nctId,
        score: h.score,
        distance: round1(fromKm(h.distanceKm, unit)),
        facilityId: h.facilityId,
      })),
    };
  }

  /** Spec call 2: summaries with reasons, for the page or for the trials named. */
  async summary(dto: TrialSummaryRequestDto): Promise<TrialSummaryResponseDto> {
    const resolved = this.resolve(dto);
    const { index, result, version } = await this.run(resolved);
    const { page, unit, query } = resolved;
    // The trials named (spec call 2 after call 1), else the page of the search.
    const named = dto.trials?.map((n) => n.toUpperCase());
    const positions = named?.map((n) => index.positionOf(n));
    const hits = positions
      ? index.hitsAt(
          positions.filter((p) => p >= 0),
          query,
        )
      : index.hits(result, (page - 1) * PAGE_SIZE, page * PAGE_SIZE, query);
    const [rows, sites] = await Promise.all([
      this.cachedRows(
        version,
        hits.map((h) => h.trialId),
      ),
      this.cachedSites(
        version,
        hits.filter((h) => h.siteId >= 0).map((h) => h.siteId),
      ),
    ]);
    const cards = new Map<string, TrialSummaryDto>();
    for (const hit of hits) {
      const row = rows.get(hit.trialId);
      if (!row) {
        continue;
      }
      const site = sites.get(hit.siteId);
      cards.set(row.nct_id, {
        ...this.summaryOf(row, query.criterions, query.now, false),
        nearestSite: site ? this.siteOf({ ...site, meters: hit.distanceKm * 1000 }, unit) : null,
        sitesInRadius: hit.sitesInRadius,
      });
    }
    // Named trials the index does not hold (no longer recruiting, no open site): from Postgres.
    const unindexed = named?.filter((_, i) => positions![i] < 0) ?? [];
    if (unindexed.length > 0) {
      for (const card of await this.unindexedSummaries(unindexed, resolved)) {
        cards.set(card.nctId, card);
      }
    }
    const order = named ?? hits.map((h) => h.nctId);
    return {
      ...this.pageInfo(result, page, unit),
      trials: order.flatMap((n) => (cards.has(n) ? [cards.get(n)!] : [])),
    };
  }

  private cachedRows(version: string, ids: number[]): Promise<Map<number, SummaryRow>> {
    return this.cachedById(
      this.rows,
      version,
      ids,
      `SELECT ${SUMMARY_COLUMNS} FROM trial WHERE id = ANY($1::int[])`,
    );
  }

  private cachedSites(version: string, ids: number[]): Promise<Map<number, SiteRow>> {
    return this.cachedById(
      this.siteRows,
      version,
      ids,
      `SELECT ${SITE_COLUMNS}, NULL::float8 AS meters FROM site WHERE id = ANY($1::int[])`,
    );
  }

  /** Rows by id from the cache of this store version, the missing ones read with `sql`. */
  private async cachedById<R extends { id: number }>(
    cache: LRUCache<string, R>,
    version: string,
    ids: number[],
    sql: string,
  ): Promise<Map<number, R>> {
    const out = new Map<number, R>();
    const wanted: number[] = [];
    for (const id of ids) {
      const row = cache.get(`${version}:${id}`);
      if (row) out.set(id, row);
      else wanted.push(id);
    }
    if (wanted.length > 0) {
      for (const row of await this.dataSource.query<R[]>(sql, [wanted])) {
        cache.set(`${version}:${row.id}`, row);
        out.set(row.id, row);
      }
    }
    return out;
  }

  /** Summaries of named trials outside the index, with their sites' distances from Postgres. */
  private async unindexedSummaries(
    nctIds: string[],
    { query, unit }: ResolvedSearch,
  ): Promise<TrialSummaryDto[]> {
    const rows: SummaryRow[] = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM trial WHERE nct_id = ANY($1::text[])`,
      [nctIds],
    );
    const sites = await this.sitesOf(
      rows.map((t) => t.id),
      query.lat,
      query.lon,
    );
    const facilities = query.facilityIds ? new Set(query.facilityIds) : null;
    const radiusMeters = query.radiusKm * 1000;
    return rows.map((t) => {
      const open = (sites.get(t.id) ?? []).filter(
        (s) =>
          s.meters !== null &&
          isOpenSiteStatus(s.status) &&
          (!facilities || facilities.has(s.facility_id)),
      );
      return {
        ...this.summaryOf(t, query.criterions, query.now, false),
        nearestSite: open.length > 0 ? this.siteOf(open[0], unit) : null,
        sitesInRadius: open.filter((s) => s.meters! <= radiusMeters).length,
      };
    });
  }

  /** The details screen: one trial, its evaluation for the answers in q, its sites nearest first. */
  async details(nctId: string, q: string | undefined, facility?: number): Promise<TrialDetailsDto> {
    const rows: TrialRow[] = await this.dataSource.query(
      `SELECT ${TRIAL_COLUMNS} FROM trial WHERE nct_id = $1`,
      [nctId.toUpperCase()],
    );
    const trial = rows[0];
    if (!trial) {
      throw new NotFoundException(`No trial ${nctId.toUpperCase()} is stored.`);
    }
    const now = new Date();
    const answers = q === undefined ? null : this.decodeAnswers(q);
    const criterions: Criterions = answers ? criterionsForSearch(answers, undefined, now) : {};
    const lat = answers ? Number(answers.latitude) : NaN;
    const lon = answers ? Number(answers.longitude) : NaN;
    const located = Number.isFinite(lat) && Number.isFinite(lon) && (lat !== 0 || lon !== 0);
    const country = typeof answers?.country_name === 'string' ? answers.country_name : '';
    const unit: RadiusUnit =
      answers?.radius_unit === 'MI' || answers?.radius_unit === 'KM'
        ? answers.radius_unit
        : defaultRadiusUnit(country);
    const radius = answers ? Number(answers.radius) : NaN;
    const sites =
      (await this.sitesOf([trial.id], located ? lat : null, located ? lon : null)).get(trial.id) ??
      [];
    sites.sort(
      (a, b) =>
        Number(b.facility_id === facility) - Number(a.facility_id === facility) ||
        (a.meters ?? Infinity) - (b.meters ?? Infinity) ||
        a.id - b.id,
    );
    const open = sites.filter((s) => s.meters !== null && isOpenSiteStatus(s.status));
    const nearest = [...open].sort((a, b) => a.meters! - b.meters!)[0];
    return {
      ...this.summaryOf(trial, criterions, now, true),
      nearestSite: nearest ? this.siteOf(nearest, unit) : null,
      sitesInRadius: Number.isFinite(radius)
        ? open.filter((s) => s.meters! <= toKm(radius, unit) * 1000).length
        : 0,
      briefSummary: trial.brief_summary,
      lastUpdateDate: trial.last_update_date,
      minimumAgeYears: trial.minimum_age_years === null ? null : Number(trial.minimum_age_years),
      maximumAgeYears: trial.maximum_age_years === null ? null : Number(trial.maximum_age_years),
      sex: trial.sex,
      genes: trial.genes,
      eligibilityInclusion: trial.eligibility_inclusion,
      eligibilityExclusion: trial.eligibility_exclusion,
      unit,
      sites: sites.map((s) => this.siteOf(s, unit)),
      registryUrl: `https://clinicaltrials.gov/study/${trial.nct_id}`,
      evaluated: answers !== null,
    };
  }

  private decodeAnswers(q: string): Record<string, unknown> {
    let parsed: unknown;
    try {
      const text = Buffer.from(q.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
      parsed = JSON.parse(text);
    } catch {
      throw badRequest('q must be the questionnaire as base64-encoded JSON', { q: 'isBase64Json' });
    }
    return validAnswers(parsed, 'q');
  }

  private resolve(dto: TrialSearchDto): ResolvedSearch {
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
    const now = new Date();
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

  private async run(
    resolved: ResolvedSearch,
  ): Promise<{ index: SearchIndex; result: IndexResult; version: string }> {
    const current = await this.indexes.get();
    const { index, version } = current;
    const q = resolved.query;
    const key = JSON.stringify([
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
    let result = this.cache.get(key);
    if (!result) {
      result = await this.indexes.search(current, q);
      this.cache.set(key, result);
    }
    return { index, result, version };
  }

  private pageInfo(result: IndexResult, page: number, unit: RadiusUnit) {
    return {
      total: result.total,
      page,
      pageSize: PAGE_SIZE,
      unit,
      facets: result.facets,
      openQuestions: result.openQuestions.slice(0, OPEN_QUESTIONS).map((o): OpenQuestionDto => ({
        key: o.key,
        label: CRITERIA[o.key].label,
        trials: o.trials,
      })),
    };
  }

  private async sitesOf(
    trialIds: number[],
    lat: number | null,
    lon: number | null,
  ): Promise<Map<number, SiteRow[]>> {
    const out = new Map<number, SiteRow[]>();
    if (trialIds.length === 0) {
      return out;
    }
    const rows: SiteRow[] = await this.dataSource.query(
      `${SITES_WITH_DISTANCE} ORDER BY meters NULLS LAST, s.id`,
      [trialIds, lat, lon],
    );
    for (const row of rows) {
      const list = out.get(row.trial_id) ?? [];
      list.push(row);
      out.set(row.trial_id, list);
    }
    return out;
  }

  private siteOf(s: SiteRow, unit: RadiusUnit): TrialSiteDto {
    return {
      facilityId: s.facility_id,
      facility: s.facility_name,
      city: s.city,
      state: s.state,
      zip: s.zip,
      country: s.country,
      status: s.status,
      contacts: s.contacts,
      distance: s.meters === null ? null : round1(fromKm(s.meters / 1000, unit)),
      lat: s.lat,
      lon: s.lon,
    };
  }

  /** A card; `withText` adds each rule's source sentence (the details screen shows them). */
  private summaryOf(
    t: SummaryRow,
    criterions: Criterions,
    now: Date,
    withText: boolean,
  ): Omit<TrialSummaryDto, 'nearestSite' | 'sitesInRadius'> {
    const evaluation = evaluateRules(t.rules, criterions, now);
    return {
      nctId: t.nct_id,
      briefTitle: t.brief_title,
      officialTitle: t.official_title,
      phases: phaseOptionsOf(t.phases),
      overallStatus: t.overall_status,
      studyType: t.study_type,
      specificity: t.specificity,
      conditions: t.conditions,
      sponsor: t.sponsor,
      startDate: t.start_date,
      interventions: t.interventions,
      score: evaluation.score,
      matched: evaluation.matched.map((e) => resultOf(e, 'matched', withText)),
      toCheck: evaluation.toCheck.map((e) => resultOf(e, 'to_check', withText)),
      conflicting: evaluation.conflicting.map((e) => resultOf(e, 'conflicting', withText)),
    };
  }
}
