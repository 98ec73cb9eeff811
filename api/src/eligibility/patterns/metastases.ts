import type { Concept, FamilyPatterns } from './types';

/** Brain metastases (solid tumours) and CNS involvement (leukaemia, myeloma). */

const QUALIFIER =
  /\b(?:active|untreated|symptomatic(?:ally)?|uncontroll(?:ed|able)|unstable|progressing|progressive|new(?:ly)?|unless|however|except|requir(?:e|es|ing)|steroids?|corticosteroids?|stable|asymptomatic|may be|can be|allowed|permitted|eligible|considered|status 3|cns-?3|clinically|significant|neurologically|growing|enlarging|evident|brain ?stem|posterior fossa|cerebell\w*|located|adjacent|within \d+\s*(?:mm|cm)|treated (?:with|by)|not (?:been )?(?:completely |fully |adequately |definitively )?(?:resected|irradiated|treated)|(?:with|and) (?:\w+ )?symptoms|symptoms? of|non-?measurable)\b/;
/**
 * Leptomeningeal disease and meningitis are one kind of CNS metastases (qualified), as the
 * mention itself: named beside brain metastases ("CNS metastases and/or carcinomatous
 * meningitis", "brain metastases or spinal cord compression", round 10c) they no longer qualify
 * the brain metastases of the item. Brain metastases "treated with whole brain radiation" are a
 * subgroup (qualified).
 */
const LEPTOMENINGEAL = /lepto|mening/;
const REQUIRED_CUE =
  /\b(?:must be present|(?:is|are) present|presence of|at least (?:one|1) (?:\w+ )?(?:brain|cerebral|intracranial|cns)|must have|evidence of|confirmed|documented|with (?:untreated|progressing|active|new|measurable)|untreated|progressing)\b/;

const CNS =
  '(?:brain|cerebral|intracranial|cns|central nervous system|leptomeningeal|meningeal|epidural)';

/**
 * A neurological disease named with the CNS wording (round 8): "H/O of seizure or cerebral
 * disease", "central nervous system disease, such as seizures, stroke, …" is no cancer in the
 * brain.
 */
const NEUROLOGICAL =
  /\b(?:seizures?|epilep\w*|stroke|dementia|parkinson\w*|cerebrovascular|neurolog\w+ (?:disease|disorder)s?|psychiatric|aphasia|paralysis|brain injury|multiple sclerosis)\b/;
/** Matched text that names a CNS disease without a word of cancer. */
const CNS_DISEASE_ONLY = /(?:disease|involvement)$/;
const notNeurological = (
  ctx: { sentence: { lower: string } },
  start: number,
  end: number,
): boolean =>
  !(
    CNS_DISEASE_ONLY.test(ctx.sentence.lower.slice(start, end)) &&
    !/metasta|tumou?r|cancer|malignan|leuka?emi|lymphoma/.test(
      ctx.sentence.lower.slice(start, end),
    ) &&
    NEUROLOGICAL.test(ctx.sentence.lower)
  );

/**
 * Brain named among organ sites coordinated before one "metastases" (round 10c): "brain or LM
 * metastasis", "brain, lung, bone metastases", "brain, bone, liver metastases or leptomeningeal
 * metastases" name brain metastases, as "ocular or mucosal melanoma" names each melanoma.
 */
const ORGAN =
  '(?:brain|cerebral|bone|bony|osseous|lungs?|pulmonary|liver|hepatic|adrenal|lm|leptomeningeal|meningeal|visceral|spinal|skin|nodal|lymph node|peritoneal|pleural|soft tissue)';
const BRAIN_AMONG_SITES = `\\b(?:brain|cerebral|intracranial|cns)\\b(?=(?:\\s*(?:,|\\bor\\b|\\band\\b)\\s*(?:(?:or|and)\\s+)?${ORGAN}\\b)+\\s+(?:metasta\\w*|mets)\\b)`;

/**
 * "Primary CNS lymphoma" (round 11a) is a lymphoma arising in the brain, a subtype the trial
 * excludes ("NHL subtypes of Burkitt lymphoma, …, primary CNS lymphoma"), not CNS involvement of
 * the patient's leukaemia or lymphoma.
 */
/** What a treatment is given for: "used to treat", "given for the treatment of". */
const TREATMENT_OF =
  /\b(?:used|given|administered|indicated|approved)\s+(?:to\s+treat|for(?:\s+the)?(?:\s+treatment\s+of)?)\s+(?:\w+\s+){0,2}$/;

const PRIMARY_CNS_LYMPHOMA = /\bprimary (?:cns|central nervous system) lymphoma$/;

/**
 * What an examination looks for (session 13): "MRI brain for the screening of brain
 * metastases", "screening for CNS metastases" names the object of a scan, not metastases the
 * patient has.
 */
const SCREENED_FOR = /\bscreen(?:ing|ed)?\s+(?:of|for)\s+(?:(?:the|any|possible|occult)\s+)?$/;

/**
 * Brain metastases as the condition of an inclusion sentence (session 13): "If brain metastases
 * are present, they must be stable …", "in case of asymptomatic brain metastases, …", "Patients
 * with brain metastasis must have stable disease …", "Participants with brain metastases are
 * eligible" say what a patient who has them must meet, not that every patient must have them.
 */
const CONDITION_CLAUSE = /^(?:note:\s*)?(?:if|in case of|when|where)\b[^,;]*$/;
const SUBJECT_WITH = /\b(?:patients|participants|subjects|those)\s+with\s+(?:[\w/-]+\s+){0,4}$/;
const WHAT_THEY_MUST =
  /^[^.;]{0,60}?\b(?:must|should|need to|are (?:eligible|allowed|permitted)|(?:could|can|may|will) be (?:enrolled|included|eligible|allowed))\b/;
const conditionOfSentence = (lower: string, start: number, end: number): boolean =>
  CONDITION_CLAUSE.test(lower.slice(0, start)) ||
  (SUBJECT_WITH.test(lower.slice(0, start)) && WHAT_THEY_MUST.test(lower.slice(end)));

export const metastasesConcepts: Concept[] = [
  {
    key: 'brain_metastases',
    triggers: ['brain', 'cerebral', 'intracranial', 'cns', 'central nervous', 'mening', 'epidural'],
    re: new RegExp(
      `${BRAIN_AMONG_SITES}|\\b${CNS}\\s+(?:parenchymal\\s+)?(?:metasta\\w*|mets|lesions?|disease|involvement|tumou?r involvement|tumou?rs?|spread)\\b|\\bmetasta\\w+\\s+(?:disease\\s+)?(?:to|in|of)\\s+(?:the\\s+)?(?:brain|cns|central nervous system)\\b|\\bmetastatic brain disease\\b|\\bcarcinomatous meningitis\\b|\\bcancerous meningitis\\b`,
      'g',
    ),
    mode: 'condition',
    qualifier: QUALIFIER,
    kindOf: LEPTOMENINGEAL,
    requiredCue: REQUIRED_CUE,
    // Session 10 (blind round 16): "systemic radiosensitizers used to treat brain metastases"
    // names the object of a treatment the item excludes, not the patient's brain metastases.
    accept: (ctx, start, end) =>
      !ctx.heme &&
      notNeurological(ctx, start, end) &&
      !TREATMENT_OF.test(ctx.sentence.lower.slice(Math.max(0, start - 40), start)) &&
      !SCREENED_FOR.test(ctx.sentence.lower.slice(Math.max(0, start - 40), start)) &&
      !(ctx.section === 'inclusion' && conditionOfSentence(ctx.sentence.lower, start, end)),
  },
  {
    key: 'cns_leukemia',
    triggers: ['brain', 'cerebral', 'intracranial', 'cns', 'central', 'mening', 'epidural'],
    re: new RegExp(
      `\\b${CNS}\\b[^.;]{0,25}?\\b(?:leuka?emia|involvement|disease|status|invasion|lymphoma)\\b|\\bcns[- ]?3\\b|\\bcentral or extramedullary invasion\\b`,
      'g',
    ),
    mode: 'condition',
    qualifier: QUALIFIER,
    // CNS involvement is never required; an inclusion mention is an allowance (CNS-1/2).
    only: 'exclusion',
    accept: (ctx, start, end) =>
      ctx.heme &&
      notNeurological(ctx, start, end) &&
      !PRIMARY_CNS_LYMPHOMA.test(ctx.sentence.lower.slice(Math.max(0, start - 10), end)),
  },
  {
    key: 'cns_leukemia',
    triggers: ['brain', 'cerebral', 'intracranial', 'cns', 'central', 'mening', 'epidural'],
    re: /\b(?:no|without|absence of) (?:\w+ ){0,2}(?:cns|central nervous system) (?:leuka?emia|involvement|disease)\b/g,
    mode: 'condition',
    qualifier: QUALIFIER,
    only: 'inclusion',
    accept: (ctx) => ctx.heme,
  },
];

export const metastasesPatterns: FamilyPatterns = { concepts: metastasesConcepts };
