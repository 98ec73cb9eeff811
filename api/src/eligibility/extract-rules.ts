import {
  askedFor,
  CONDITION_KEYS,
  type ConditionKey,
  CRITERIA,
  type CriterionKey,
  type EligibilityRule,
  inapplicableCriteria,
  type RuleReading,
} from '@trialflow/contract';
import {
  findMentions,
  isCohortSpecific,
  isConditional,
  isConditionalStart,
  mentionsToFindings,
  PERMISSION,
  PHASE_PART,
  triggerIndex,
} from './patterns/match';
import { FAMILY_PATTERNS } from './patterns';
import { calibrateRules } from './patterns/confident-classes';
import { consistentInferences, inferenceFindings } from './patterns/inferences';
import { alternativeHistologies, restatedExclusions } from './patterns/subtype';
import type { Finding, MatchContext } from './patterns/types';
import { type CriterionItem, splitItems } from './text';

/**
 * Reads a trial's eligibility into rules over the criterion vocabulary: age and sex from the
 * structured fields, everything else from the criteria text by the per-family pattern library
 * (patterns/). Pure and allocation-light: it runs for every imported study.
 *
 * Precision over recall: a wrong 'required' or 'excluded' hides a trial from a doctor, a missed
 * rule only leaves it to be read. Patterns therefore emit nothing when in doubt.
 */

/**
 * The version of the extraction (issue 14: round 7, calibrated confidence). Raise it with every change to what the
 * patterns read: at start the API derives the rules of every stored trial again when the store's
 * rules were read by an older version (`TrialsStartupImport`), as `npm run trials:rules` does.
 */
export const RULES_ENGINE_VERSION = 33;

export interface ExtractRulesInput {
  minimumAgeYears: number | null;
  maximumAgeYears: number | null;
  sex: 'ALL' | 'FEMALE' | 'MALE';
  eligibilityInclusion: string;
  eligibilityExclusion: string;
  /** Condition keys of the trial (ctgov-record mapConditions). */
  conditions: string[];
}

/** A sentence about brain metastases: its resection and radiotherapy are the metastases'. */
const ABOUT_BRAIN =
  /\b(?:brain|cns|central nervous system|intracranial|cerebral)\s+(?:metasta\w*|lesions?|disease)|\bmetasta\w+\s+(?:disease\s+)?(?:to|in)\s+the\s+brain/;
const EXTENT = new Set<CriterionKey>(['metastatic', 'unresectable', 'resectable']);

const HEME = new Set([
  'acute_lymphoblastic_leukemia',
  'acute_myeloid_leukemia',
  'multiple_myeloma',
]);
const FAMILIES = Object.values(FAMILY_PATTERNS);
const EXTRACTORS = FAMILIES.flatMap((family) => (family.extract ? [family.extract] : []));
/** All concepts of all families behind one trigger scan per sentence. */
const INDEX = triggerIndex(FAMILIES.flatMap((family) => family.concepts));

function formatYears(years: number): string {
  return Number.isInteger(years) ? String(years) : years.toFixed(1).replace(/\.0$/, '');
}

function ageText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) {
    return `Age ${formatYears(min)} to ${formatYears(max)} years`;
  }
  return min !== null
    ? `Age ${formatYears(min)} years or older`
    : `Age up to ${formatYears(max ?? 0)} years`;
}

/** Adults named as participants of the trial (not "no adults", "adult-type"). */
const ADULTS_ENROLLED = /(?<!\b(?:no|not|non|excluding|except)\s)\badults?\b(?![\s-]+type)/i;

/**
 * Round 12 (blind round 13): an age the criteria text admits below the registry's minimum ("Cohort
 * 5 only: Age 12 years or older" under a minimum of 18): the record disagrees with itself, so the
 * minimum is the site's to decide.
 */
const TEXT_MIN_AGE =
  /\b(?:aged?|ages?|age of)\s*(?:>=|≥|>|at least|of at least)?\s*(\d{1,2})\s*(?:years?|yrs?)\b|\b(\d{1,2})\s*(?:years?|yrs?)(?:\s*(?:of age|old))?\s*(?:or|and)\s*(?:older|above|over)\b|[≥>]=?\s*(\d{1,2})\s*(?:years?|yrs?)\b/gi;

function youngerAgeInText(inclusion: string, min: number): boolean {
  for (const m of inclusion.matchAll(TEXT_MIN_AGE)) {
    const age = Number(m[1] ?? m[2] ?? m[3]);
    if (age > 0 && age < min) {
      return true;
    }
  }
  return false;
}

function structuredRules(input: ExtractRulesInput): EligibilityRule[] {
  const rules: EligibilityRule[] = [];
  const { minimumAgeYears: min, maximumAgeYears: max } = input;
  if (min !== null || max !== null) {
    const rule: EligibilityRule = {
      key: 'age',
      kind: 'range',
      section: 'structured',
      source: 'structured',
      text: ageText(min, max),
    };
    if (min !== null) {
      rule.min = min;
    }
    if (max !== null) {
      rule.max = max;
    }
    // Round 11: the registry's ages contradict the criteria text, which enrols adults while the
    // age fields stop before 18 ("Adults who coach children's teams" under ages 3 to 7): the
    // record disagrees with itself, so the site decides (low confidence, never excludes).
    if (
      (max !== null && max < 18 && ADULTS_ENROLLED.test(input.eligibilityInclusion)) ||
      (min !== null && youngerAgeInText(input.eligibilityInclusion, min))
    ) {
      rule.confidence = 'low';
      rule.reading = 'exception';
    }
    rules.push(rule);
  }
  if (input.sex === 'FEMALE' || input.sex === 'MALE') {
    const value = input.sex === 'FEMALE' ? 'female' : 'male';
    rules.push({
      key: 'gender',
      kind: 'required',
      value,
      section: 'structured',
      source: 'structured',
      text: input.sex === 'FEMALE' ? 'Female participants only' : 'Male participants only',
    });
  }
  return rules;
}

/**
 * A sentence admitting a subgroup ("Stage III patients may be enrolled if not fit for surgery",
 * "… who … are eligible"): it bounds nothing, so it gives no range and no requirement.
 */
// Round 11: "… are welcome to participate".
const ALLOWANCE =
  /\b(?:may|can|could|will) (?:also )?(?:be )?(?:enrolled|enroll|included|eligible|considered|allowed|permitted|participate|join|admitted|accepted|entered|registered)\b|\b(?:is|are) (?:also )?welcome to (?:participate|join|enrol+)\b|\b(?:is|are|be|remain) (?:also )?(?:eligible|allowed|permitted|acceptable)\b/;
// "Participants with … without measurable disease are eligible" (round 7): a subgroup admitted
// without what the item requires; "Up to 10 patients without measurable disease can be enrolled"
// (round 9): the subgroup led by a count.
const ALLOWANCE_CONDITION =
  /\b(?:if|when|provided|as long as|only if|who|whose|unless|after|following|but)\b|\bmay\b|\balso\b|^(?:(?:up to|at most|a maximum of|no more than) (?:\d+|[a-z]+) )?(?:patients|participants|subjects)\b[^.;]*\bwithout\b/;
/**
 * A comorbidity named as an example of a broader state (round 7): "Any situation the
 * investigators regard as unsuitable (e.g. HIV, HCV infection …)", "Severely immunocompromised.
 * Examples include … HIV positive patients on antiretrovirals": the example is not excluded as
 * such (qualified). The cue ends the sentence before (the splitter cuts after "e.g." before a
 * capital) or opens this one.
 */
const EXAMPLE_END = /(?:\be\.?\s?g\.?|\bfor example|\bfor instance|\bsuch as)\s*,?\s*$/;
const EXAMPLE_START = /^\W*(?:e\.?\s?g\.?|for example|for instance|examples? (?:include|are|of))\b/;
/**
 * Session 12: "Cardiac criteria, including history of arrythmia and cardiovascular disease": an
 * item naming a category of the protocol's criteria, with examples, states which conditions the
 * protocol defines, not that every one of them excludes.
 */
const CATEGORY_CRITERIA =
  /^\W*(?:[a-z-]+\s+){1,2}criteria\b[^.;]{0,10}\b(?:including|such as|e\.?g\.?)\b/;
/** "ECOG 0 or 1 (patients with disease-related ECOG 2 are allowed)": an aside widening the rule. */
const BRACKETED_ALLOWANCE =
  /\([^()]*\b(?:ecog|ps|performance|karnofsky|kps)\b[^()]*\b(?:allowed|eligible|permitted|acceptable|may be (?:included|enrolled|eligible))\b[^()]*\)/;
/**
 * An exception widening a rule in the same item: "however, …", "unless …", "except …"; a
 * condition narrowing an exclusion: "… will be excluded if they have …" (round 4).
 */
/** An allowance of a prior treatment, naming no stage or extent (round 11a, `itemFindings`). */
const THERAPY_ALLOWANCE =
  /\b(?:prior|previous)\b[^.;]*\b(?:therap\w*|treatments?|chemo\w*|immunotherap\w*|radiotherap\w*|radiation|surgery|regimens?)\b/;
const STAGE_WORDS = /\bstages?\b|metasta|resect|operab|advanced|measurab/;
const EXCEPTION_CUE =
  /\bhowever\b|\bunless\b|\bexcept\b|\bexceptions?\b|\bother than\b|\bwith the exception\b|\bexcluding\b|\b(?:excluded|ineligible|not eligible) (?:only )?(?:if|when|in case)\b/;

/**
 * Sentence structures the rules cannot represent (issue 14, round 2). A rule read from them is
 * not confident, so it never excludes: the site reads the sentence.
 * - WILD_TYPE: "KRAS, NRAS and BRAF wild-type": a gene named there is not required mutated.
 * - INTOLERANCE: "toxicity / allergy / hypersensitivity to chemotherapy agents": the therapy is
 *   the object of the reaction, not a prior line the patient had or must not have had.
 * - TREATED_DISEASE: "prior therapy for … metastatic breast cancer": the extent names the
 *   setting of a treatment, not the patient's disease now.
 * - AT_DIAGNOSIS: "metastatic at diagnosis", "de novo": the extent at another time.
 * - GROUPS: cohorts, strata, groups or arms named in the sentence: it may hold for one of them.
 */
const WILD_TYPE = /\bwild[- ]?type\b|\(wt\)/;
const INTOLERANCE =
  /\b(?:toxicit(?:y|ies)|toxic effects?|allerg\w*|hypersensitiv\w*|intoleran\w*|reactions?|contraindicat\w*|adverse (?:events?|effects?|drug reactions?)|side[- ]effects?|iraes?|immune[- ]related|complications?|sequelae|recover\w*|resolv\w*|resolution)\b/;
const TREATED_DISEASE =
  /\b(?:therap(?:y|ies)|treatments?|treated|chemotherapy|regimens?|lines?)\b[^.;]{0,80}?\b(?:for|in|of)\b[^.;]{0,60}?\b(?:metasta\w*|advanced|unresectable|recurren\w*|stage)\b/;
const AT_DIAGNOSIS =
  /\b(?:at|upon|at the time of) (?:the )?(?:initial |first |original )?diagnosis\b|\bde novo\b/;
const GROUPS =
  /\b(?:cohorts?|strat(?:a|um|ified)|sub-?groups?)\b|^[\w -]{0,30}\b(?:arms?|groups?|parts?)\s*:|\b(?:arms?|groups?|parts?)\s+\d{1,2}[a-z]\b|\b(?:arms?|groups?) (?:[a-d]|\d{1,2})\b|\bonly (?:in|for) (?:the |one )?(?:arms?|groups?)\b/;
/**
 * Alternatives between the clauses of one inclusion item (round 3; "relapsed or refractory X
 * and/or newly diagnosed patients unfit for …", "… or untreated Y", "… or patients with …": round 5;
 * "… with FLT3 mutation, and/or with their malignancy with wild-type FLT3": round 6; "and/or"
 * reads "or" after normalisation): "A; or B", "…, or for whom no
 * standard treatment is available", a sentence starting with "Or": each clause admits patients
 * on its own, so no rule of the item holds for every patient. Round 8: a negated clause then
 * ", or" ("No evidence of distant metastases, or locally advanced inoperable disease"). Round 10:
 * "… and/or individuals with …", a bracketed "(or no standard therapy available)", an inline
 * list after "meeting at least one of the following: i. …", and "relapsed … and naive / newly
 * diagnosed …" (two populations: no patient is both), "newly diagnosed or relapsed/refractory
 * myeloma" (the same, in the other order), "ER+/HER2- or triple-negative" (two subtypes).
 */
const ALTERNATIVE_CLAUSE =
  /\bnewly[\s-]diagnosed\b[^.;]{0,60}\bor\s+(?:relapsed|relapse|recurrent|recurrence|refractory|previously treated|pre-?treated|progressive)\b|\bor\s+triple[\s-]negative\b|\bone of the following\s*:\s*\S|\b(?:relapsed|refractory)\b[^.;]*\band\s+(?:(?:newly|previously)\s+(?:diagnosed|untreated)|untreated|(?:treatment[- ])?na[iï]ve)\b|^(?:no|absence of|without|lack of)\s[^;.]{0,100},\s*or\s|;\s*or\b|(?:^|[.:]\s+)or\b|\b(?:treatment-?\s?)?na[iï]ve\s+or\b|\(\s*or\s+(?:no|not|if|when|where|for whom)\s|,\s*or\s+(?:for whom|in whom|who|whose|where|patients?|participants?|subjects?|those|if|when|have|has|had|is|are|was|were|be|being|the (?:patient|participant|subject|disease|tumou?r)|(?:no|lack of|absence of|not)\s|(?:intoleran|ineligib|unsuitab|refus|declin)\w*)|\bor\s+(?:(?:newly|previously|recently)\s+(?:diagnosed|untreated|treated)\b|(?:un|non-?)treated\b|treatment[- ]na[iï]ve|(?:patients?|participants?|subjects?|individuals?|those)\s+(?:with|who|whose|ineligible|unfit|not|for|in)\b|(?<!\(\s*or\s+)(?:with|having|harbou?ring)\s+(?:their|the|an?)\s)/;
/**
 * Disease names, by disease: a rule in a sentence naming some of the diseases of a trial whose
 * inclusion names several ("NSCLC: at least 1 prior platinum-based line") is those diseases'
 * cohort rule, not every cohort's (round 3).
 */
const DISEASES: [string, RegExp][] = [
  [
    'lung',
    /\b(?:n?sclc|non-small[- ]cell|small[- ]cell lung|lung (?:cancer|carcinoma|adeno\w*))\b/,
  ],
  ['melanoma', /\bmelanoma\b/],
  ['breast', /\b(?:breast (?:cancer|carcinoma)|tnbc)\b/],
  ['colorectal', /\b(?:colorectal|crc|(?:colon|rectal) (?:cancer|carcinoma|adeno\w*))\b/],
  ['prostate', /\b(?:prostate (?:cancer|carcinoma|adeno\w*)|m?crpc)\b/],
  ['ovarian', /\bovarian\b/],
  ['pancreatic', /\b(?:pancreatic (?:[\w-]+ )?(?:cancer|carcinoma|adeno\w*)|pdac)\b/],
  [
    'upper_gi',
    /\b(?:gastric|gej|gastro-?o?esophageal|o?esophageal) (?:[\w-]+ )?(?:cancer|carcinoma|adeno\w*)|\b(?:gej|escc|o?esophagus|o?esophago-?gastric)\b/,
  ],
  ['liver', /\b(?:hepatocellular|hcc)\b/],
  ['biliary', /\b(?:cholangiocarcinoma|biliary tract (?:cancer|carcinoma)|btc)\b/],
  ['kidney', /\b(?:renal cell|rcc)\b/],
  ['urothelial', /\b(?:urothelial|bladder (?:cancer|carcinoma))\b/],
  ['cervical', /\bcervical (?:cancer|carcinoma)\b/],
  ['endometrial', /\bendometrial\b/],
  ['head_neck', /\b(?:head and neck|hnscc|scchn)\b/],
  ['thyroid', /\bthyroid (?:cancer|carcinoma)\b/],
  ['glioma', /\bglio(?:ma|blastoma)\b/],
  ['sarcoma', /\bsarcoma\b/],
  ['mesothelioma', /\bmesothelioma\b/],
  ['neuroendocrine', /\bneuroendocrine\b/],
  ['myeloma', /\bmyeloma\b/],
  ['leukemia', /\b(?:leuka?emia|aml)\b/],
  ['lymphoma', /\blymphoma\b/],
];

/** The disease name (above) of each condition: which cohort of a basket its patients join. */
const CONDITION_DISEASE: Record<string, string> = {
  lung_cancer: 'lung',
  melanoma: 'melanoma',
  breast_cancer: 'breast',
  colorectal_cancer: 'colorectal',
  prostate_cancer: 'prostate',
  ovarian_cancer: 'ovarian',
  pancreatic_cancer: 'pancreatic',
  esophageal_cancer: 'upper_gi',
  gastric_cancer: 'upper_gi',
  liver_cancer: 'liver',
  cholangiocarcinoma: 'biliary',
  kidney_cancer: 'kidney',
  cervical_cancer: 'cervical',
  neuroendocrine_tumors: 'neuroendocrine',
  multiple_myeloma: 'myeloma',
  acute_myeloid_leukemia: 'leukemia',
  acute_lymphoblastic_leukemia: 'leukemia',
};

function diseasesOf(lower: string): Set<string> {
  const out = new Set<string>();
  for (const [name, re] of DISEASES) {
    if (re.test(lower)) {
      out.add(name);
    }
  }
  return out;
}

/** Families whose rules are set per disease in a basket trial. */
// Not biomarkers or a condition's own subtypes (NSCLC, TNBC, uveal melanoma): only a patient of
// the named disease answers those, and for them the named disease's rule holds.
const PER_DISEASE_FAMILIES = new Set(['prior_therapy', 'stage', 'performance', 'disease_status']);
/**
 * Histologies asked of the patients of several conditions (round 4): "head and neck squamous cell
 * carcinoma" in a basket trial is the head-and-neck cohort's rule, not the lung cohort's.
 */
const SHARED_HISTOLOGIES = new Set<CriterionKey>(['squamous', 'adenocarcinoma', 'adenosquamous']);

/**
 * A histology required in the inclusion of a basket trial, in a sentence naming some of its
 * diseases (round 11b): "NSCLC including driver mutation positive", "Breast cancer (triple
 * negative type)", "Patients with stage IIB and IIIA non-small cell lung cancer" among the other
 * diseases' populations is that disease's cohort, not the trial's requirement for every patient
 * of the condition (a small-cell patient may join another cohort's list).
 */
const cohortHistology = (f: Finding, section: string): boolean =>
  CRITERIA[f.key].family === 'subtype' && section === 'inclusion';

/**
 * "Unresectable, locally advanced or metastatic" (round 7): three alternatives, and the middle
 * one (a locally advanced disease that may be resectable) has no key of its own, so the
 * "unresectable or metastatic" group read from it would exclude a resectable stage III patient
 * the sentence admits: it is an alternative the rule cannot represent (`list`).
 */
const THREE_EXTENTS =
  /\b(?:unresectable|inoperable)\s*,\s*(?:locally|regionally)\s+advanced\s*,?\s*(?:or|and or)\s+metasta/;
/** Keys that say where the disease is or how far it went. */
const EXTENT_FAMILIES = new Set(['stage', 'metastases', 'subtype']);
/** An "or" in the sentence: several requirements of one family there are alternatives. */
const OR_WORD = /\bor\b|\band\/or\b/;

/** The reading of a finding a sentence structure makes unrepresentable, or undefined. */
function structureReading(
  f: Finding,
  lower: string,
  item: string,
  siblings: Finding[],
): RuleReading | undefined {
  const family = CRITERIA[f.key].family as string;
  if (GROUPS.test(item) || PHASE_PART.test(item)) {
    return 'cohort';
  }
  if (family === 'biomarker' && f.kind !== 'excluded' && WILD_TYPE.test(lower)) {
    return 'qualified';
  }
  if (family === 'prior_therapy' && INTOLERANCE.test(lower)) {
    return 'qualified';
  }
  if (EXTENT_FAMILIES.has(family) || EXTENT.has(f.key)) {
    if (TREATED_DISEASE.test(lower) || AT_DIAGNOSIS.test(lower)) {
      return 'qualified';
    }
  }
  if (
    f.kind === 'required' &&
    [f.key, ...(f.anyOf ?? [])].some((k) => EXTENT.has(k)) &&
    THREE_EXTENTS.test(lower)
  ) {
    return 'list';
  }
  if (
    f.kind === 'required' &&
    // Round 11c: an "or" in a bracketed aside ("(as per IMWG definitions or investigator's
    // discretion)") joins no two therapies.
    OR_WORD.test(family === 'prior_therapy' ? lower.replace(/\([^()]*\)/g, ' ') : lower) &&
    siblings.some(
      (o) =>
        o !== f &&
        o.kind === 'required' &&
        CRITERIA[o.key].family === CRITERIA[f.key].family &&
        // Round 11c: two names of one therapy class ("anti-PD-1 or anti-PD-L1 treatment") or one
        // status written twice ("relapsed or refractory (R/R) AML") are one requirement, not
        // alternatives.
        !((family === 'prior_therapy' || family === 'disease_status') && o.key === f.key),
    )
  ) {
    return 'list';
  }
  return undefined;
}

/**
 * Two inclusion ranges of one key with different bounds ("stage IIIB-IVA …", "stage IVB with …")
 * admit either group: neither bounds the whole trial, so neither is confident. Round 11a: not a
 * range whose other bounds are only cohorts' ranges within it ("stage II-III NSCLC" with "Cohort
 * 1: resectable stage II-IIIB", "Cohort 2: unresectable stage III"): each cohort narrows it, and
 * it still bounds every patient.
 */
const rangeWithin = (inner: EligibilityRule, outer: EligibilityRule): boolean =>
  (outer.min === undefined || (inner.min !== undefined && inner.min >= outer.min)) &&
  (outer.max === undefined || (inner.max !== undefined && inner.max <= outer.max));
function alternativeRanges(rules: EligibilityRule[]): EligibilityRule[] {
  const bounds = new Map<CriterionKey, Set<string>>();
  for (const r of rules) {
    if (r.kind === 'range' && r.section === 'inclusion') {
      bounds.set(r.key, (bounds.get(r.key) ?? new Set()).add(`${r.min ?? ''}..${r.max ?? ''}`));
    }
  }
  const bound = (r: EligibilityRule): string => `${r.min ?? ''}..${r.max ?? ''}`;
  const narrowedByCohorts = (r: EligibilityRule): boolean =>
    r.reading !== 'cohort' &&
    rules
      .filter(
        (o) =>
          o.kind === 'range' &&
          o.section === 'inclusion' &&
          o.key === r.key &&
          bound(o) !== bound(r),
      )
      .every((o) => o.reading === 'cohort' && rangeWithin(o, r));
  return rules.map((r) =>
    r.kind === 'range' &&
    r.section === 'inclusion' &&
    (bounds.get(r.key)?.size ?? 0) > 1 &&
    !narrowedByCohorts(r)
      ? { ...r, confidence: 'low', reading: 'list' }
      : r,
  );
}

function isAllowance(lower: string): boolean {
  return ALLOWANCE.test(lower) && ALLOWANCE_CONDITION.test(lower);
}

/** Why a finding is not a plain statement for every patient, or 'plain'. */
function readingOf(
  finding: Finding,
  item: CriterionItem,
  sentence: { cohort: boolean; conditional: boolean },
  exception: boolean,
): RuleReading {
  if (item.cohort || sentence.cohort) {
    return 'cohort';
  }
  if (sentence.conditional) {
    return 'conditional';
  }
  if (exception) {
    return 'exception';
  }
  if (item.alternative || item.listed) {
    return 'list';
  }
  return finding.qualified ? 'qualified' : 'plain';
}

/**
 * Whether a sentence names only some of the diseases of a trial whose inclusion names several:
 * its rules are those diseases' cohort rules.
 */
function perDisease(lower: string, trialDiseases: Set<string>): boolean {
  if (trialDiseases.size < 2) {
    return false;
  }
  const named = diseasesOf(lower);
  return named.size > 0 && named.size < trialDiseases.size;
}

/**
 * MSI-high or dMMR named as a tumour type ("MSI-High solid tumors", "MSI-H or dMMR cancers", "any
 * cancer that is known to be MSI-high", round 6): in a trial whose inclusion names several diseases it is one type of a list of
 * eligible tumours, not a requirement for every patient.
 */
const MSI_KEYS = new Set<CriterionKey>(['msi_high', 'mss']);
/**
 * Round 11 (read on blind round 9 once retired): a list of eligible diseases ending "… or any
 * cancer that is known to be MSI high": any cancer may join, so a histology named in the list is
 * one alternative, not a requirement.
 */
/**
 * Round 11 (blind rounds 7 and 9, retired): cohort lists whose line breaks the record lost
 * ("Patients with tumors harboring KEAP1 mutations Patients with tumors harboring PIK3CA hotspot
 * mutations …"): each subject is one cohort, so what it requires is that cohort's.
 */
const COHORT_SUBJECT = /\b(?:patients|participants|subjects) with (?:tumou?rs?|cancers?)\b/g;
const ANY_CANCER_ALTERNATIVE =
  /\bor (?:any|all) (?:other )?(?:solid )?(?:cancers?|tumou?rs?|malignanc\w*|neoplasms?)\b/;
const MSI_TUMOUR_TYPE =
  /\b(?:msi|microsatellite|mismatch|dmmr|mmr|mss|pmmr)\b[^.;:]{0,40}?\b(?:solid\s+)?(?:tumou?rs?|cancers?|malignanc\w*|neoplasms?)\b|\b(?:tumou?rs?|cancers?|malignanc\w*)\s+(?:that|which)\s+(?:is|are)\s+(?:known\s+to\s+be\s+)?(?:msi|microsatellite|mismatch|dmmr|mmr)\b/;

/**
 * Whether a biomarker named in a sentence about some diseases of a basket trial ("third-line
 * therapy only in BRAF-mutated melanoma") is asked of the patients of another of its conditions
 * (BRAF of lung, colorectal and biliary patients, round 6): then it is that cohort's rule, not
 * every patient's. A biomarker only the named disease's patients answer ("NSCLC: EGFR mutation")
 * keeps its reading.
 */
function otherCohortsAsk(
  key: CriterionKey,
  lower: string,
  trialDiseases: Set<string>,
  conditions: string[],
): boolean {
  if (trialDiseases.size < 2) {
    return false;
  }
  const named = diseasesOf(lower);
  const asks = (c: string): boolean =>
    CONDITION_DISEASE[c] !== undefined && askedFor(key, c as ConditionKey);
  // The sentence scopes the biomarker to a named disease whose patients answer it, and the
  // patients of another condition of the trial answer it too.
  return (
    conditions.some((c) => asks(c) && named.has(CONDITION_DISEASE[c])) &&
    conditions.some((c) => asks(c) && !named.has(CONDITION_DISEASE[c]))
  );
}

function itemFindings(
  item: CriterionItem,
  heme: boolean,
  trialDiseases: Set<string>,
  conditions: string[],
  allowed?: Allowance[],
): Finding[] {
  const out: Finding[] = [];
  const alternativeClauses = item.section === 'inclusion' && ALTERNATIVE_CLAUSE.test(item.lower);
  // An exception or an allowance anywhere in the item widens every rule it states.
  const exception =
    EXCEPTION_CUE.test(item.lower) ||
    BRACKETED_ALLOWANCE.test(item.lower) ||
    item.sentences.some((s) => isAllowance(s.lower));
  // Round 11a: but an allowance of a prior treatment only ("… without prior systemic therapy.
  // Prior adjuvant therapy is permitted, provided …") widens no stage or extent the item states.
  const therapyAllowanceOnly =
    exception &&
    !EXCEPTION_CUE.test(item.lower) &&
    !BRACKETED_ALLOWANCE.test(item.lower) &&
    item.sentences
      .filter((s) => isAllowance(s.lower))
      .every((s) => THERAPY_ALLOWANCE.test(s.lower) && !STAGE_WORDS.test(s.lower));
  const contextOf = (sentence: MatchContext['sentence']): MatchContext => ({
    section: item.section,
    sentence,
    item: item.lower,
    alternative: item.alternative,
    heme,
  });
  for (const [index, sentence] of item.sentences.entries()) {
    // Session 10: what an allowance admits, for `widenedByAllowances` (it is read here even when
    // the sentence is conditional, which states no rule of its own).
    if (allowed && isAllowance(sentence.lower) && !EXCEPTION_CUE.test(sentence.lower)) {
      // The permission itself ("may be eligible") is taken out, or nothing would be read.
      const norm = sentence.norm
        .replace(new RegExp(ALLOWANCE.source, 'gi'), ' ')
        .replace(new RegExp(PERMISSION.source, 'gi'), ' ');
      const ctx = contextOf({ norm, lower: norm.toLowerCase() });
      const admitted = EXTRACTORS.flatMap((extract) => extract(ctx));
      admitted.push(...mentionsToFindings(ctx, findMentions(ctx, INDEX)));
      allowed.push({
        section: item.section,
        keys: new Set(admitted.filter((f) => f.kind !== 'range').map((f) => f.key)),
        diseases: diseasesOf(ctx.sentence.lower),
        subtypeWords: SUBTYPE_WORDS.test(ctx.sentence.lower),
      });
    }
    if (isConditional(sentence.lower)) {
      continue;
    }
    const example =
      EXAMPLE_START.test(sentence.lower) ||
      (index > 0 && EXAMPLE_END.test(item.sentences[index - 1].lower));
    const how = {
      cohort: isCohortSpecific(sentence.lower),
      conditional: isConditionalStart(sentence.lower),
    };
    // An allowance bounds nothing; one with an exception cue still states a rule ("ECOG 0-1;
    // however, … with ECOG 2 may be included"), read with a low confidence below.
    const allowance = isAllowance(sentence.lower) && !EXCEPTION_CUE.test(sentence.lower);
    const ctx = contextOf(sentence);
    // Numeric readings (ranges) first; a key they found is not read again as a plain concept.
    const found: Finding[] = EXTRACTORS.flatMap((extract) => extract(ctx));
    const taken = found.length ? new Set<string>(found.map((f) => f.key)) : undefined;
    found.push(...mentionsToFindings(ctx, findMentions(ctx, INDEX, taken)));
    // Session 11: what the sentence implies without naming the criterion (patterns/inferences.ts).
    found.push(...inferenceFindings(ctx, conditions));
    const aboutBrain = item.section === 'inclusion' && ABOUT_BRAIN.test(sentence.lower);
    // The diseases a sentence names, with those in brackets that normalisation drops ("≥ 1 prior
    // line (NSCLC) or anti-PD-1 (melanoma)", round 6) when the item is one sentence.
    const scope = `${item.lead ?? ''} ${sentence.lower} ${item.sentences.length === 1 ? (item.asides ?? '') : ''}`;
    // Round 11: what the sentence says of its diseases and subjects, read once for its findings.
    const anyCancerAlternative = ANY_CANCER_ALTERNATIVE.test(sentence.lower);
    const cohortSubjects = (sentence.lower.match(COHORT_SUBJECT) ?? []).length > 1;
    for (const f of found) {
      const therapyRequired = f.kind === 'required' && CRITERIA[f.key].family === 'prior_therapy';
      if (aboutBrain && (EXTENT.has(f.key) || therapyRequired)) {
        continue;
      }
      if (allowance && f.kind !== 'excluded') {
        continue;
      }
      if (
        (example || CATEGORY_CRITERIA.test(sentence.lower)) &&
        f.kind === 'excluded' &&
        CRITERIA[f.key].family === 'comorbidity'
      ) {
        f.qualified = true;
      }
      const reading =
        f.reading ??
        structureReading(f, sentence.lower, item.lower, found) ??
        (alternativeClauses && !item.cohort ? 'list' : undefined) ??
        (((PER_DISEASE_FAMILIES.has(CRITERIA[f.key].family) ||
          SHARED_HISTOLOGIES.has(f.key) ||
          cohortHistology(f, item.section)) &&
          perDisease(scope, trialDiseases)) ||
        (CRITERIA[f.key].family === 'biomarker' &&
          otherCohortsAsk(f.key, scope, trialDiseases, conditions))
          ? 'cohort'
          : undefined) ??
        (CRITERIA[f.key].family === 'subtype' && f.kind === 'required' && anyCancerAlternative
          ? 'list'
          : undefined) ??
        ((CRITERIA[f.key].family === 'biomarker' || CRITERIA[f.key].family === 'subtype') &&
        f.kind === 'required' &&
        cohortSubjects
          ? 'cohort'
          : undefined) ??
        (MSI_KEYS.has(f.key) &&
        f.kind === 'required' &&
        trialDiseases.size > 1 &&
        MSI_TUMOUR_TYPE.test(sentence.lower)
          ? 'list'
          : undefined) ??
        readingOf(
          f,
          item,
          how,
          exception && !(therapyAllowanceOnly && CRITERIA[f.key].family === 'stage'),
        );
      out.push(reading === 'plain' ? f : { ...f, confidence: 'low', reading });
    }
  }
  // One item saying both "required" and "excluded" for a key ("HR-positive or HR-negative")
  // says neither.
  const kinds = new Map<CriterionKey, Set<string>>();
  for (const f of out) {
    if (f.kind !== 'range') {
      kinds.set(f.key, (kinds.get(f.key) ?? new Set()).add(f.kind));
    }
  }
  return out.filter((f) => f.kind === 'range' || kinds.get(f.key)?.size === 1);
}

function identity(
  rule: Pick<EligibilityRule, 'key' | 'kind' | 'section' | 'min' | 'max' | 'anyOf' | 'inferred'>,
): string {
  const any = rule.anyOf?.length ? [...rule.anyOf].sort().join(',') : '';
  return `${rule.key}|${rule.kind}|${rule.section}|${rule.min ?? ''}|${rule.max ?? ''}|${any}|${rule.inferred ?? ''}`;
}

/**
 * Merges duplicates: one rule per key, kind, section and bounds. A plain 'required' makes an
 * 'anyOf' variant of the same key redundant; a rule is qualified only if every mention was.
 */
export function dedupeRules(rules: EligibilityRule[]): EligibilityRule[] {
  const byId = new Map<string, EligibilityRule>();
  for (const rule of rules) {
    const id = identity(rule);
    const seen = byId.get(id);
    if (!seen) {
      byId.set(id, { ...rule });
      continue;
    }
    if (seen.qualified && !rule.qualified) {
      delete seen.qualified;
    }
    // One confident mention makes the rule confident.
    if (seen.confidence === 'low' && rule.confidence !== 'low') {
      seen.confidence = rule.confidence;
      seen.reading = rule.reading;
    }
  }
  const out = [...byId.values()];
  return out.filter(
    (r) =>
      !r.anyOf?.length ||
      !out.some(
        (o) =>
          o !== r &&
          o.key === r.key &&
          o.kind === r.kind &&
          o.section === r.section &&
          !o.anyOf?.length &&
          // A low plain mention (an example, an alternative) does not replace a confident group.
          (o.confidence !== 'low' || r.confidence === 'low'),
      ),
  );
}

/**
 * Contradictions between items: 'required' and 'excluded' of one key in one section cancel out
 * (arm-specific criteria); an exclusion-list 'excluded' of a key the inclusion list requires is a
 * restriction of it ("brain metastases not fitting the inclusion criteria"), not a rule.
 */
function dropContradictions(rules: EligibilityRule[]): EligibilityRule[] {
  // Round 11c: a qualified therapy rule ("must not have had exposure to more than 2 lines of …",
  // a count) contradicts no plain one of the other kind ("refractory to checkpoint inhibitors").
  const has = (key: CriterionKey, kind: string, section: string): boolean =>
    rules.some(
      (r) =>
        r.key === key &&
        r.kind === kind &&
        r.section === section &&
        !r.anyOf?.length &&
        !(r.qualified && CRITERIA[key].family === 'prior_therapy'),
    );
  return rules.filter((r) => {
    if (r.kind === 'range' || r.section === 'structured') {
      return true;
    }
    const other = r.kind === 'required' ? 'excluded' : 'required';
    if (has(r.key, other, r.section)) {
      return false;
    }
    return !(
      r.section === 'exclusion' &&
      r.kind === 'excluded' &&
      has(r.key, 'required', 'inclusion')
    );
  });
}

/**
 * The rules as the sentences read, before calibration: a rule is confident when its sentence is a
 * plain statement (see `readingOf`). `extractRules` then keeps confident only the reading classes
 * that proved precise (`patterns/confident-classes.ts`); `npm run eligibility:calibrate` measures
 * the classes on these rules.
 */
/**
 * A waiver of a whole section (round 9): "Patients who do not fulfill the above criteria may be
 * discussed on a case-by-case basis": no rule of that section is firm, so none is confident.
 */
const WAIVER =
  /\b(?:patients|participants|subjects)\b[^.;]*\b(?:not|fail to) (?:fulfil+|meet|satisfy)\b[^.;]*\b(?:criteria|requirements)\b[^.;]*\b(?:case[- ]by[- ]case|may (?:still )?be (?:discussed|considered|enrolled|eligible|included))/;

/**
 * An inclusion item admitting patients without measurable disease (round 10): "For patients
 * enrolling with stable disease, it is possible they have no evidence of disease or do not have
 * disease that meets RECIST 1.1": another item's measurable-disease requirement then has an
 * exception (as `ALLOWANCE_CONDITION` reads one in its own item). "… without measurable disease
 * are not eligible" admits nobody.
 */
const WITHOUT_MEASURABLE =
  /\b(?:without|no|not have|(?:do|does|did) not have|lack(?:s|ing)?|absence of)\s+(?:[\w-]+\s+){0,3}?(?:measurable|evidence of disease|disease (?:that|which) meets?\b[^.;]{0,20}\brecist)/;
const ADMITTED = /\b(?:eligible|allowed|permitted|acceptable|may|can|possible)\b/;
const NOT_ADMITTED =
  /\b(?:not (?:be )?(?:eligible|allowed|permitted|acceptable)|ineligible|excluded|cannot|can not|may not|must not)\b/;
const admitsWithoutMeasurable = (item: CriterionItem): boolean =>
  item.section === 'inclusion' &&
  WITHOUT_MEASURABLE.test(item.lower) &&
  ADMITTED.test(item.lower) &&
  !NOT_ADMITTED.test(item.lower);

/**
 * The disease properties (subtypes) that apply to none of the trial's conditions (round 10c):
 * "small cell cancer" among a biliary trial's excluded subtypes, "small cell histology" in a
 * prostate trial, a melanoma subtype in a trial of neuroendocrine tumours. The questionnaire asks
 * such a property of one disease only (`inapplicableCriteria`), so the sentence names another
 * organ's tumour (a small-cell biliary cancer is no small-cell lung cancer) and states no rule
 * for the trial's patients. A trial with no known condition keeps them.
 */
function foreignProperties(conditions: string[]): Set<CriterionKey> {
  const known = conditions.filter((c): c is ConditionKey =>
    (CONDITION_KEYS as readonly string[]).includes(c),
  );
  if (!known.length) {
    return new Set();
  }
  const now = new Date(0);
  const [first, ...rest] = known.map((c) => inapplicableCriteria({}, c, now));
  return new Set(
    [...first].filter(
      (k) => CRITERIA[k].family === 'subtype' && rest.every((other) => other.has(k)),
    ),
  );
}

export function readRules(input: ExtractRulesInput): EligibilityRule[] {
  const heme = input.conditions.some((c) => HEME.has(c));
  // The diseases the inclusion names: a basket trial names several.
  // A multi-condition trial whose inclusion names several diseases may set rules per disease.
  const trialDiseases =
    input.conditions.length > 1
      ? diseasesOf(input.eligibilityInclusion.toLowerCase())
      : new Set<string>();
  const rules: EligibilityRule[] = [];
  const items = splitItems(input.eligibilityInclusion, input.eligibilityExclusion);
  const waived = new Set(items.filter((i) => WAIVER.test(i.lower)).map((i) => i.section));
  const measurableWaived = items.some(admitsWithoutMeasurable);
  const foreign = foreignProperties(input.conditions);
  // Session 10: what an allowance admits ("Subjects with HIV infection may be eligible if CD4+
  // T cell counts ≥350 …") widens the exclusion of it stated in another item ("Known history of
  // AIDS or HIV infection."): one criterion with an exception the rules cannot represent.
  const allowed: Allowance[] = [];
  for (const item of items) {
    for (const f of itemFindings(item, heme, trialDiseases, input.conditions, allowed)) {
      if (foreign.has(f.key)) {
        continue;
      }
      const rule: EligibilityRule = {
        confidence: 'high',
        reading: 'plain',
        ...f,
        section: item.section,
        source: 'text',
        text: item.text,
      };
      const excepted =
        waived.has(item.section) ||
        (measurableWaived && rule.key === 'measurable_disease' && rule.section === 'inclusion');
      rules.push(
        excepted && rule.confidence !== 'low' && !rule.qualified
          ? { ...rule, confidence: 'low', reading: 'exception' }
          : rule,
      );
    }
  }
  return [
    ...structuredRules(input),
    ...dedupeRules(
      metastaticWithStageIII(
        restatedExclusions(
          alternativeHistologies(
            alternativeRanges(
              dropContradictions(
                consistentInferences(widenedByAllowances(rules, allowed, input.conditions)),
              ),
            ),
            items.filter((i) => i.section === 'inclusion').map((i) => i.lower),
          ),
        ),
      ),
    ),
  ];
}

/**
 * The exclusions of what an allowance admits in another item, read with a low confidence; and
 * (blind round 16) a required subtype when an allowance admits another subtype ("Patients must
 * have metastatic uveal melanoma" with "Patients with … melanoma of cutaneous, mucosal or unknown
 * primary origin are also eligible"): the required one is one cohort's.
 */
function widenedByAllowances(
  rules: EligibilityRule[],
  allowed: readonly Allowance[],
  conditions: string[],
): EligibilityRule[] {
  const diseases = new Set(conditions.map((c) => CONDITION_DISEASE[c]).filter(Boolean));
  // An inclusion allowance naming another subtype, or the trial's disease with words of a subtype
  // but not this one, admits other patients of the disease.
  const otherSubtype = (key: CriterionKey): boolean =>
    allowed.some(
      (a) =>
        a.section === 'inclusion' &&
        !a.keys.has(key) &&
        ([...a.keys].some((k) => CRITERIA[k].family === 'subtype') ||
          (a.subtypeWords && [...a.diseases].some((d) => diseases.has(d)))),
    );
  return rules.map((r) =>
    r.confidence !== 'low' &&
    ((r.kind === 'excluded' && allowed.some((a) => a.keys.has(r.key))) ||
      (r.kind === 'required' &&
        r.section === 'inclusion' &&
        CRITERIA[r.key].family === 'subtype' &&
        otherSubtype(r.key)))
      ? { ...r, confidence: 'low', reading: 'exception' }
      : r,
  );
}

/** What one allowance sentence admits: its criterion keys and the diseases it names. */
interface Allowance {
  section: 'inclusion' | 'exclusion';
  keys: ReadonlySet<CriterionKey>;
  diseases: ReadonlySet<string>;
  /** It names words of a subtype (a site of origin or a histology). */
  subtypeWords: boolean;
}

/** Words naming a subtype by its site of origin or histology. */
const SUBTYPE_WORDS =
  /\b(?:cutaneous|mucosal|acral|uveal|ocular|conjunctival|unknown primary|squamous|non-?squamous|adenocarcinoma|small[- ]cell|triple[- ]negative|ductal|lobular|clear[- ]cell|papillary)\b/;

/**
 * Round 11a: metastatic disease required in one inclusion item while another admits a stage
 * below IV ("Stage IIID unresectable or stage IV", "metastatic melanoma AJCC stage III (nodal
 * involvement)"): the trial admits non-metastatic patients too, so the requirement is one
 * alternative, read with a low confidence.
 */
function metastaticWithStageIII(rules: EligibilityRule[]): EligibilityRule[] {
  const belowIv = rules.some(
    (r) =>
      r.key === 'tumor_stage' &&
      r.kind === 'range' &&
      r.section === 'inclusion' &&
      !r.inferred &&
      r.min !== undefined &&
      r.min < 4,
  );
  return belowIv
    ? rules.map((r) =>
        r.key === 'metastatic' &&
        r.kind === 'required' &&
        r.section === 'inclusion' &&
        !r.anyOf?.length &&
        r.confidence !== 'low'
          ? { ...r, confidence: 'low', reading: 'list' }
          : r,
      )
    : rules;
}

/**
 * The trial's rules: the sentences' reading (`readRules`), then calibrated confidence (round 7):
 * a confident text rule whose reading class is not in the allow-list of classes that proved
 * precise (`CONFIDENT_CLASSES`) is demoted to `confidence: 'low'`, reading 'calibration', so it
 * shows as "to check" and never excludes. Age and sex from the structured fields stay confident.
 */
export function extractRules(input: ExtractRulesInput): EligibilityRule[] {
  return calibrateRules(readRules(input));
}
