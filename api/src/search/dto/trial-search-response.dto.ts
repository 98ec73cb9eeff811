import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  askedFor,
  type ConditionKey,
  CRITERIA,
  CRITERION_KEYS,
  type Criterions,
  describeRule,
  inapplicableCriteria,
  RULE_READINGS,
  ruleExcludes,
  type RuleReading,
  fromKm,
  PAGE_SIZE,
  phaseOptionsOf,
  RADIUS_UNITS,
  type RadiusUnit,
} from '@trialflow/contract';
import type { IndexResult } from '../index/index-types';
import { evaluateRules, type RuleEvaluation } from '../matching';
import type { SiteRow, SummaryRow } from '../search.repository';

const COUNTS = {
  type: 'object',
  additionalProperties: { type: 'integer' },
} as const;

/** Counts per filter value: each facet counts with every other filter applied, not its own. */
export class SearchFacetsDto {
  @ApiProperty({ ...COUNTS, example: { 'Phase 1': 3, 'Phase 2': 12 } })
  trial_phase: Record<string, number>;

  @ApiProperty({ ...COUNTS, example: { Interventional: 14, Observational: 2 } })
  study_type: Record<string, number>;

  @ApiProperty({ ...COUNTS, example: { Recruiting: 10, 'Not yet recruiting': 4 } })
  recruiting_status: Record<string, number>;

  @ApiProperty({ ...COUNTS, example: { 'Targeted Therapy': 6 } })
  treatment_subtype: Record<string, number>;

  @ApiProperty({ ...COUNTS, example: { EGFR: 5, ALK: 2 }, description: 'Only names with hits.' })
  genetic_mutations: Record<string, number>;

  @ApiProperty({ ...COUNTS, example: { specific: 12, basket: 1, pantumor: 1 } })
  specificity: Record<string, number>;
}

export class OpenQuestionDto {
  @ApiProperty({ enum: CRITERION_KEYS, enumName: 'CriterionKey', example: 'egfr' })
  key: string;

  @ApiProperty({ example: 'EGFR mutation' })
  label: string;

  @ApiProperty({ description: 'Results with a rule its answer would settle.', example: 7 })
  trials: number;
}

export class TrialHitDto {
  @ApiProperty({ example: 'NCT04487080' })
  nctId: string;

  @ApiProperty({ description: '0–100, higher fits better.', example: 80 })
  score: number;

  @ApiProperty({ description: 'To the nearest open site, in unit.', example: 12.4 })
  distance: number;

  @ApiProperty({ description: 'The facility of the nearest open site.', example: 17 })
  facilityId: number;
}

/** When nothing is inside the radius: the nearest trials beyond it, as a distance band. */
export class NearestBeyondDto {
  @ApiProperty({
    description: 'Trials (with every filter and answer applied) between `from` and `to`.',
    example: 3,
  })
  count: number;

  @ApiProperty({ description: 'The radius searched, in unit.', example: 1000 })
  from: number;

  @ApiProperty({
    description:
      'The smallest offered radius (RADIUS_CHOICES of @trialflow/contract) above `from` that holds a trial, in unit.',
    example: 2500,
  })
  to: number;

  @ApiProperty({ description: 'The distance of the nearest of them, in unit.', example: 1240.5 })
  nearest: number;
}

export class SearchPageDto {
  @ApiProperty({ description: 'Trials matching in all (every page).', example: 42 })
  total: number;

  @ApiProperty({ example: 1 })
  page: number;

  @ApiProperty({ example: 25 })
  pageSize: number;

  @ApiProperty({
    enum: RADIUS_UNITS,
    enumName: 'RadiusUnit',
    description: 'The unit of every distance.',
  })
  unit: RadiusUnit;

  @ApiProperty({ type: SearchFacetsDto })
  facets: SearchFacetsDto;

  @ApiProperty({
    type: [OpenQuestionDto],
    description: 'Unanswered criteria that decide the most results, most first (at most 10).',
  })
  openQuestions: OpenQuestionDto[];

  @ApiProperty({
    type: NearestBeyondDto,
    nullable: true,
    description:
      'Only when no trial is inside the radius: how many trials lie just beyond it (null when none within the largest radius, or when trials were found).',
  })
  nearestBeyond: NearestBeyondDto | null;
}

export class TrialSearchResponseDto extends SearchPageDto {
  @ApiProperty({ type: [String], description: 'The NCT ids of this page, in order.' })
  nctIds: string[];

  @ApiProperty({ type: [TrialHitDto] })
  trials: TrialHitDto[];
}

export class CriterionResultDto {
  @ApiProperty({ enum: CRITERION_KEYS, enumName: 'CriterionKey', example: 'egfr' })
  key: string;

  @ApiProperty({ example: 'EGFR mutation' })
  label: string;

  @ApiProperty({ enum: ['required', 'excluded', 'range'], enumName: 'RuleKind' })
  kind: string;

  @ApiProperty({ enum: ['matched', 'to_check', 'conflicting'], enumName: 'CriterionOutcome' })
  outcome: 'matched' | 'to_check' | 'conflicting';

  @ApiProperty({
    description: 'The rule in words, e.g. "EGFR mutation required", "ECOG 0 to 1".',
    example: 'EGFR mutation required',
  })
  rule: string;

  @ApiPropertyOptional({
    description:
      'The criteria sentence the rule was read from: on the details screen (GET /api/trials/{nctId}); result cards leave it out to stay small.',
    example: 'Documented activating EGFR mutation (exon 19 deletion or L858R).',
  })
  text?: string;

  @ApiPropertyOptional({
    type: [String],
    description:
      'Other criteria that satisfy the rule as well (any one of key and these), so a client can word the rule in its own language.',
    example: ['kras'],
  })
  anyOf?: string[];

  @ApiPropertyOptional({ description: 'Range rules: the lowest value allowed.', example: 18 })
  min?: number;

  @ApiPropertyOptional({ description: 'Range rules: the highest value allowed.', example: 75 })
  max?: number;

  @ApiPropertyOptional({
    description: "The value a rule names (gender rules: 'male' or 'female').",
    example: 'female',
  })
  value?: string;

  @ApiProperty({ enum: ['structured', 'inclusion', 'exclusion'], enumName: 'RuleSection' })
  section: string;

  @ApiPropertyOptional({
    description:
      "The answer contradicts a rule that may not exclude: one that only applies in a state the questionnaire does not ask about (reading 'qualified'), or one read without the confidence to exclude (confidence 'low'). To check, not excluded; it ranks the trial lower than an open question would.",
  })
  qualified?: boolean;

  @ApiProperty({
    enum: ['high', 'low'],
    description:
      "How surely the rule was read from the criteria text. Only a 'high' rule excludes a trial; a contradicted 'low' one is to check: read the criterion, the site decides.",
  })
  confidence: 'high' | 'low';

  @ApiProperty({
    enum: RULE_READINGS,
    description:
      "Why: 'plain' statement for every patient, or 'qualified' (a state the questionnaire does not ask), 'conditional' (\"If …\"), 'exception' (the criterion admits exceptions), 'cohort' (one cohort's or arm's rule), 'list' (one alternative of a list), 'calibration' (read plainly, but this kind of sentence was too often misread to exclude).",
  })
  reading: RuleReading;

  @ApiPropertyOptional({
    type: [String],
    description:
      'Every criteria sentence behind this verdict when the trial states the criterion more than once (one criterion, one verdict), on the details screen.',
    example: ['No known brain metastases', 'Untreated brain metastases'],
  })
  texts?: string[];

  @ApiPropertyOptional({ description: 'A site corrected this rule in the curation file.' })
  curated?: boolean;
}

export class SiteContactDto {
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() role?: string;
  @ApiPropertyOptional() phone?: string;
  @ApiPropertyOptional() email?: string;
}

export class TrialSiteDto {
  @ApiProperty({ example: 17 })
  facilityId: number;

  @ApiProperty({ example: 'Charité - Universitätsmedizin Berlin' })
  facility: string;

  @ApiProperty() city: string;
  @ApiProperty() state: string;
  @ApiProperty() zip: string;
  @ApiProperty() country: string;

  @ApiProperty({ description: "CT.gov site status; '' when not given.", example: 'RECRUITING' })
  status: string;

  @ApiProperty({ type: [SiteContactDto] })
  contacts: SiteContactDto[];

  @ApiProperty({ nullable: true, type: Number, description: 'In unit; null without coordinates.' })
  distance: number | null;

  @ApiProperty({ nullable: true, type: Number }) lat: number | null;
  @ApiProperty({ nullable: true, type: Number }) lon: number | null;

  @ApiProperty({
    description:
      'lat/lon (and so distance) are approximate: the record gives no coordinates, the site ' +
      "is placed at its city's from the gazetteer.",
    example: false,
  })
  approximateLocation: boolean;
}

export class InterventionDto {
  @ApiProperty({ example: 'Osimertinib' }) name: string;
  @ApiProperty({ example: 'DRUG' }) type: string;
  @ApiProperty({ example: 'Targeted Therapy' }) treatmentClass: string;
}

export class TrialSummaryDto {
  @ApiProperty({ example: 'NCT04487080' }) nctId: string;
  @ApiProperty() briefTitle: string;
  @ApiProperty() officialTitle: string;

  @ApiProperty({ type: [String], example: ['Phase 2'], description: 'Display phases.' })
  phases: string[];

  @ApiProperty({ example: 'RECRUITING' }) overallStatus: string;
  @ApiProperty({ example: 'INTERVENTIONAL' }) studyType: string;
  @ApiProperty({ enum: ['pantumor', 'specific', 'basket'] }) specificity: string;
  @ApiProperty({ type: [String], example: ['lung_cancer'] }) conditions: string[];
  @ApiProperty() sponsor: string;
  @ApiProperty({ nullable: true, type: String, example: '2024-03-01' }) startDate: string | null;
  @ApiProperty({ type: [InterventionDto] }) interventions: InterventionDto[];

  @ApiProperty({ description: '0–100, higher fits better.', example: 80 })
  score: number;

  @ApiProperty({ type: [CriterionResultDto] }) matched: CriterionResultDto[];
  @ApiProperty({ type: [CriterionResultDto] }) toCheck: CriterionResultDto[];

  @ApiProperty({
    type: [CriterionResultDto],
    description: 'Empty in search results (a conflict excludes); filled for trials asked by id.',
  })
  conflicting: CriterionResultDto[];

  @ApiProperty({ type: TrialSiteDto, nullable: true, description: 'The nearest open site.' })
  nearestSite: TrialSiteDto | null;

  @ApiProperty({ description: 'Open sites within the radius.', example: 3 })
  sitesInRadius: number;
}

export class TrialSummaryResponseDto extends SearchPageDto {
  @ApiProperty({ type: [TrialSummaryDto] })
  trials: TrialSummaryDto[];
}

export class TrialDetailsDto extends TrialSummaryDto {
  @ApiProperty() briefSummary: string;
  @ApiProperty({ nullable: true, type: String }) lastUpdateDate: string | null;
  @ApiProperty({ nullable: true, type: Number, example: 18 }) minimumAgeYears: number | null;
  @ApiProperty({ nullable: true, type: Number }) maximumAgeYears: number | null;
  @ApiProperty({ enum: ['ALL', 'FEMALE', 'MALE'], enumName: 'Sex' }) sex: string;
  @ApiProperty({ type: [String], example: ['EGFR'] }) genes: string[];
  @ApiProperty() eligibilityInclusion: string;
  @ApiProperty() eligibilityExclusion: string;

  @ApiProperty({ enum: RADIUS_UNITS, enumName: 'RadiusUnit' }) unit: RadiusUnit;

  @ApiProperty({
    type: [TrialSiteDto],
    description:
      'Every site, or the first `sites` of the query: the requested facility first, then ' +
      'nearest first.',
  })
  sites: TrialSiteDto[];

  @ApiProperty({ description: 'How many sites the trial has (sites may hold fewer).', example: 12 })
  sitesTotal: number;

  @ApiProperty({ example: 'https://clinicaltrials.gov/study/NCT04487080' })
  registryUrl: string;

  @ApiProperty({ description: 'Answers were given (q): the evaluation is about this patient.' })
  evaluated: boolean;
}

/** How many open questions a page lists. */
const OPEN_QUESTIONS = 10;

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** A distance in km in the response's unit, to one decimal. */
export function toDistance(km: number, unit: RadiusUnit): number {
  return round1(fromKm(km, unit));
}

/** What every page says besides its trials: total, page, unit, facets, open questions. */
export function toSearchPage(
  result: IndexResult,
  page: number,
  unit: RadiusUnit,
  condition?: ConditionKey,
  nearestBeyond: NearestBeyondDto | null = null,
): SearchPageDto {
  // Only questions of the patient's condition's questionnaire (issue 14).
  const questions = condition
    ? result.openQuestions.filter((o) => askedFor(o.key, condition))
    : result.openQuestions;
  return {
    total: result.total,
    page,
    pageSize: PAGE_SIZE,
    unit,
    facets: result.facets,
    openQuestions: questions.slice(0, OPEN_QUESTIONS).map((o): OpenQuestionDto => ({
      key: o.key,
      label: CRITERIA[o.key].label,
      trials: o.trials,
    })),
    nearestBeyond,
  };
}

function toCriterionResult(
  e: RuleEvaluation,
  outcome: CriterionResultDto['outcome'],
  withText: boolean,
): CriterionResultDto {
  const r = e.rule;
  const texts = [...new Set(e.rules.map((rule) => rule.text))];
  // The deciding rule's confidence: a conflicting verdict's rule always has it.
  const reading = r.qualified && (r.reading ?? 'plain') === 'plain' ? 'qualified' : r.reading;
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
    ...(withText && texts.length > 1 ? { texts } : {}),
    section: r.section,
    ...(e.qualified ? { qualified: true } : {}),
    confidence: ruleExcludes(r) ? 'high' : 'low',
    reading: reading ?? 'plain',
    ...(r.source === 'curation' ? { curated: true } : {}),
  };
}

export function toTrialSite(s: SiteRow, unit: RadiusUnit): TrialSiteDto {
  return {
    facilityId: s.facility_id,
    facility: s.facility_name,
    city: s.city,
    state: s.state,
    zip: s.zip,
    country: s.country,
    status: s.status,
    contacts: s.contacts,
    distance: s.meters === null ? null : toDistance(s.meters / 1000, unit),
    lat: s.lat,
    lon: s.lon,
    approximateLocation: s.approximate_location,
  };
}

/**
 * A card evaluated for the criterions; `withText` adds each rule's source sentence (the details
 * screen shows them).
 */
export function toTrialSummary(
  t: SummaryRow,
  criterions: Criterions,
  now: Date,
  withText: boolean,
  condition?: ConditionKey,
): Omit<TrialSummaryDto, 'nearestSite' | 'sitesInRadius'> {
  const evaluation = evaluateRules(
    t.rules,
    criterions,
    now,
    inapplicableCriteria(criterions, condition, now),
  );
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
    matched: evaluation.matched.map((e) => toCriterionResult(e, 'matched', withText)),
    toCheck: evaluation.toCheck.map((e) => toCriterionResult(e, 'to_check', withText)),
    conflicting: evaluation.conflicting.map((e) => toCriterionResult(e, 'conflicting', withText)),
  };
}
