import type { Concept, FamilyPatterns, MatchContext } from './types';

/** Comorbidities and pregnancy: conditions no trial requires, so only ever 'excluded'. */

const ACTIVE =
  /\b(?:active|combined with|co-?infect\w*|uncontroll(?:ed|able)|not (?:well[- ])?controlled|untreated|chronic active|decompensat\w*|failure|severe|unless|except|other than|detectable|viral load|replicating|requir\w*|symptomatic|unstable|clinically significant|significant|poorly|insulin|within|class (?:ii|iii|iv)|grade [2-4]|nyha|myocardial infarction|(?:last|past|previous) \d+|\d+ (?:months?|years?)|progressing|curatively|disease-?free|currently|evidence of|cd4|ischa?emic|arrhythmi\w*|angina|contraindicat\w*|preclud\w*|interfer\w*)\b/;

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
  ),
  condition(
    'autoimmune',
    ['autoimmune', 'auto-immune'],
    /\bauto-?immune (?:disease|disorder|condition)s?\b/g,
  ),
  condition('diabetes', ['diabetes'], /\bdiabetes(?: mellitus)?\b/g),
];

export const comorbidityPatterns: FamilyPatterns = { concepts: comorbidityConcepts };
