import type { Concept, FamilyPatterns, MatchContext } from './types';

/** Comorbidities and pregnancy: conditions no trial requires, so only ever 'excluded'. */

/**
 * A condition excluded only in a state the questionnaire does not ask (active, uncontrolled,
 * within N years …), or only while under a treatment ("HIV infection with ongoing antiretroviral
 * therapy", round 9): the rule is qualified.
 */
const ACTIVE =
  /\b(?:active|combined with|co-?infect\w*|uncontroll(?:ed|able)|not (?:well[- ])?controlled|untreated|chronic active|decompensat\w*|failure|severe|unless|except|other than|detectable|viral load|replicating|requir\w*|symptomatic|unstable|clinically significant|significant|poorly|insulin|within|class (?:ii|iii|iv)|grade [2-4]|nyha|myocardial infarction|(?:last|past|previous) \d+|\d+ (?:months?|years?)|progressing|curatively|disease-?free|currently|evidence of|cd4|ischa?emic|arrhythmi\w*|angina|contraindicat\w*|preclud\w*|interfer\w*|ongoing|antiretroviral)\b/;

/** Pregnancy as a procedure (test, contraception), not as a state. */
const PREGNANCY_PROCEDURE =
  /\bpregnancy test|\bcontracepti|\bbecome pregnant|\bsuspect\w* (?:she|they) (?:is|are) pregnant|\bavoid(?:ing)? pregnancy|\bwhile participating|\bfather(?:ing)? (?:a )?child/;

function notProcedure(ctx: MatchContext, start: number): boolean {
  const lower = ctx.sentence.lower;
  if (
    /\b(?:pregnant|lactating|breast-?feeding|nursing)\b/.test(lower) &&
    !/\bbecome pregnant|suspect\w* she is pregnant/.test(lower)
  ) {
    return !/\bpregnancy test\b/.test(lower.slice(Math.max(0, start - 30), start + 30));
  }
  return !PREGNANCY_PROCEDURE.test(lower);
}

const OTHER_CANCER =
  /\b(?:another|other|second|additional|prior|previous|concurrent|concomitant|co-?existing|synchronous|secondary)\s+(?:\w+\s+){0,3}?(?:malignan\w+|cancers?|primary (?:tumou?rs?|malignan\w+|cancers?)|invasive (?:cancers?|malignan\w+)|neoplasms?)\b|\bsecond primary\b|\bhistory of (?:a |any )?(?:\w+ )?malignan\w+|\bmalignan\w+ (?:within|diagnosed within|in the (?:last|past))\b|\b(?:active )?(?:cancer|malignancy) \(?(?:other than|except)\b|\bmalignancies? other than\b|\b(?:active|known) (?:additional )?malignan\w+/g;

/** A therapy or a test named between "prior" and the cancer: "prior immunotherapy for any malignancy". */
const CANCER_AS_OBJECT_BETWEEN =
  /\b(?:\w*therap\w*|treatments?|treated|surgery|surgical|radiation|testing|screening)\b/;
/** Right after the cancer: "cancer therapy", "cancer genetic testing", "cancer drugs". */
const CANCER_AS_OBJECT_AFTER =
  /^\s*(?:\w*therap\w*|treatments?|genetic|testing|tests?|screening|drugs?|medications?|care)\b/;

function condition(
  key: Concept['key'],
  triggers: string[],
  re: RegExp,
  extra: Partial<Concept> = {},
): Concept {
  return { key, triggers, re, mode: 'condition', qualifier: ACTIVE, ...extra };
}

export const comorbidityConcepts: Concept[] = [
  condition(
    'pregnant_nursing',
    ['pregnan', 'feeding', 'lactat', 'nursing'],
    /\bpregnan(?:t|cy)\b|\bbreast-?\s?feeding\b|\blactating\b|\blactation\b|\bnursing (?:women|mothers|females?|patients)\b|\bnursing\b(?= *(?:[.;,]|$))|\bor nursing\b/g,
    {
      qualifier: undefined,
      accept: notProcedure,
    },
  ),
  condition(
    'hiv',
    ['hiv', 'immunodeficiency', 'aids'],
    /\bhiv\b|\bhuman immunodeficiency virus\b|\baids\b/g,
  ),
  condition(
    'liver_diseases',
    ['hepat', 'hbv', 'hcv', 'cirrho', 'liver', 'pugh'],
    /\bhepatitis [bc]\b|\bhbv\b|\bhcv\b|\bcirrho\w+|\bhepatic (?:decompensation|failure|insufficiency|disease|cirrhosis)\b|\bliver (?:failure|disease|cirrhosis|insufficiency)\b|\bchronic liver\b|\bchild-?pugh (?:class )?[bc]\b/g,
    // "Child-Pugh A" in inclusion: compensated cirrhosis is allowed.
    {
      // Viral hepatitis is one cause of chronic liver disease, which the question asks about:
      // a hepatitis B or C exclusion is qualified (round 8; the labels read it so 13 times of 15).
      kindOf: /^(?:hepatitis|hbv|hcv)/,
      accept: (ctx) =>
        ctx.section === 'exclusion' ||
        !/child-?pugh (?:class |score )?a\b/.test(ctx.sentence.lower),
    },
  ),
  condition(
    'cardiac_disorders',
    ['heart', 'chf', 'nyha', 'infarction', 'cardi', 'angina', 'coronary', 'arrhythm'],
    /\bheart failure\b|\bchf\b|\bnyha\b|\bnew york heart association\b|\bmyocardial infarction\b|\bcardiac infarction\b|\bcardiovascular disease\b|\bcardiac (?:disease|diseases|dysfunction|disorders?|failure)\b|\bimpaired cardiac function\b|\bheart disease\b|\bischemic heart\b|\bcoronary (?:artery|heart) disease\b|\bunstable angina\b|\bcardiomyopathy\b|\b(?:ventricular|cardiac) arrhythmias?\b/g,
  ),
  condition(
    'kidney_diseases',
    ['renal', 'kidney', 'dialysis'],
    /\brenal (?:failure|insufficiency|disease|impairment|conditions?)\b|\bkidney (?:disease|failure)\b|\bchronic kidney\b|\bdialysis\b/g,
  ),
  condition(
    'other_cancer',
    [
      'malignan',
      'other',
      'second',
      'additional',
      'prior',
      'previous',
      'concurrent',
      'concomitant',
      'existing',
      'synchronous',
      'except',
    ],
    OTHER_CANCER,
    {
      // "any cancer therapy", "prior cancer genetic testing", "prior immunotherapy for any
      // malignancy" (round 8): the cancer names a treatment's or a test's object, not a second
      // cancer of the patient.
      accept: (ctx, start, end) =>
        !CANCER_AS_OBJECT_BETWEEN.test(ctx.sentence.lower.slice(start, end)) &&
        !CANCER_AS_OBJECT_AFTER.test(ctx.sentence.lower.slice(end, end + 30)),
    },
  ),
  condition(
    'autoimmune',
    ['autoimmune', 'auto-immune'],
    /\bauto-?immune (?:disease|disorder|condition)s?\b/g,
  ),
  condition('diabetes', ['diabetes'], /\bdiabetes(?: mellitus)?\b/g),
];

export const comorbidityPatterns: FamilyPatterns = { concepts: comorbidityConcepts };
