import type { Concept, FamilyPatterns, MatchContext } from './types';

/** Comorbidities and pregnancy: conditions no trial requires, so only ever 'excluded'. */

/**
 * A condition excluded only in a state the questionnaire does not ask (active, uncontrolled,
 * within N years …), or only while under a treatment ("HIV infection with ongoing antiretroviral
 * therapy", round 9): the rule is qualified.
 */
const ACTIVE_BEFORE_11 =
  /\b(?:active|combined with|co-?infect\w*|uncontroll(?:ed|able)|not (?:well[- ])?controlled|untreated|chronic active|decompensat\w*|failure|severe|unless|except|other than|detectable|viral load|replicating|requir\w*|symptomatic|unstable|clinically significant|significant|poorly|insulin|within|class (?:ii|iii|iv)|grade [2-4]|nyha|myocardial infarction|(?:last|past|previous) \d+|\d+ (?:months?|years?)|progressing|curatively|disease-?free|currently|evidence of|cd4|ischa?emic|arrhythmi\w*|angina|contraindicat\w*|preclud\w*|interfer\w*|ongoing|antiretroviral)\b/;

/**
 * Round 11c: what else makes a comorbidity exclusion one kind or one degree of the condition the
 * questionnaire asks about (sentence classes found on the calibration labels):
 * - a heading whose sub-items say which ("Cardiac disease:", "cardiovascular disease such as:");
 * - a functional class, a grade or a stage ("New York Heart Association class 3 or 4", "heart
 *   insufficiency (> grade II …)", "left ventricular ejection fraction <= 45%", "chronic kidney
 *   disease with advanced stages 3b or higher", "Child-Pugh class B or C cirrhosis");
 * - a named kind or organ ("structural cardiac disease", "cardiomyopathy", "major organ
 *   autoimmune disease", "autoimmune disease with CNS involvement", "type 1 diabetes");
 * - control or treatment ("inadequately controlled diabetes", "not under stable control", "not
 *   been definitively treated and in remission", "not expected to recur");
 * - a consequence ("… that renders them ineligible for immunotherapy", "… may impair the ability
 *   to evaluate …");
 * - a laboratory definition ("Renal insufficiency: urinary protein >= ++").
 */
const ROUND_11_QUALIFIER =
  /:\s*$|\bnew york heart\b|\bclass (?:[1-4]|i{1,3}|iv)\b|\bfunctional classification\b|\bgrade (?:ii|iii|iv|[2-4])\b|\bejection fraction\b|\blvef\b|\bstages? (?:[1-5]|i{1,3}|iv|v)[ab]?\b|\bor higher\b|\bchild-?pugh\b|\bstructural\b|\bcardiomyopath\w*|\bmajor organ\b|\binvolvement\b|\btype (?:1|i|one|2|ii|two) diabetes\b|\bserious\b|\b(?:inadequately|insufficiently|adequately|well|stably) (?:controlled|regulated)\b|\bunder (?:stable )?control\b|\bdefinitive(?:ly)?\b|\bremission\b|\bexpected to recur\b|\b(?:ineligible|unsuitable|unfit) for\b|\bimpair (?:the|their|his|her)\b|\burin(?:e|ary)\b|\bproteinuria\b|\bcreatinine\b|\bml(?:\/| or )min\b/;
/**
 * Round 11 (read on blind round 9 once retired): conditions named as examples of "certain"
 * ones ("certain health conditions, like … autoimmune diseases, other cancers"), and HIV only
 * with AIDS ("known history of HIV with an acquired immunodeficiency syndrome"); round 10:
 * "concurrent malignancy or recent history thereof", "subjects under dialysis", "renal
 * impairment … per protocol"; round 12 (blind round 11): a risk of the condition, not the condition
 * ("a high risk of cardiac disease, as determined by the Investigator"); (blind round 13) one with
 * a consequence ("autoimmune condition causing heightened radio sensitivity"); (blind round 14) a
 * previous or second primary melanoma, which a melanoma patient may or may not count as another
 * cancer.
 */
const ROUND_11_EXAMPLES =
  /\bcertain\b|\brecent(?:ly)?\b|\bdialysis\b|\bper protocol\b|\bwith (?:an? )?(?:acquired immun\w* ?deficiency syndrome|aids)\b|\b(?:high|increased|elevated|significant) risk (?:of|for)\b|\b(?:causing|leading to|resulting in)\b|\b(?:second primary|previous|prior|concurrent|multiple)\b[^.;]{0,40}\bmelanomas?\b/;
const ACTIVE = new RegExp(
  `${ACTIVE_BEFORE_11.source}|${ROUND_11_QUALIFIER.source}|${ROUND_11_EXAMPLES.source}`,
);

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
  /^\s*(?:\w*therap\w*|treatments?|genetic|testing|tests?|screening|drugs?|medications?|care|vaccines?)\b/;

/**
 * Round 11c: a cancer named but not had ("histopathology of other origin than colorectal
 * cancer", "incomplete information on previous cancer history"), or had and allowed ("patients
 * with prior history of cancer or localized cancers (such as …) are allowed to be enrolled"): no
 * rule. One kind of cancer ("prior invasive breast malignancy", "prior history of blood cancer")
 * is qualified (`OTHER_CANCER_KIND`).
 */
const OTHER_THAN_IN_MATCH = /\bthan\b/;
const CANCER_NOT_HAD_BEFORE =
  /\b(?:incomplete|missing|insufficient|unknown|unavailable)\b[^.;]{0,40}$/;
const ALLOWED_AFTER = /^[^.;]*?\b(?:are|is|be) (?:allowed|permitted|eligible)\b/;
const OTHER_CANCER_KIND =
  /\b(?:breast|lung|blood|skin|prostate|colorectal|colon|rectal|hematolog\w*|haematolog\w*|lymphoid|myeloid|gastric|ovarian|cervical|renal|bladder|thyroid|pancrea\w*|hepatic|solid)\b/;
const ASIDE = /\([^()]*\)/g;

/**
 * Round 11c: "Chronic Kidney Disease Epidemiology Collaboration formula" names a formula for the
 * filtration rate, not the disease.
 */
const FORMULA_AFTER = /^\s*(?:disease\s+)?(?:epidemiology|collaboration|epi)\b/;

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
      // Round 11 (blind round 10, retired): "Pregnant patients in first trimester": one stage of a
      // pregnancy, which the questionnaire does not ask (qualified).
      qualifier: /\btrimesters?\b/,
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
      // Session 10 (blind round 16): so is cirrhosis ("Hepatic encephalopathy, hepatorenal
      // syndrome or cirrhosis", "liver cirrhosis or any other impaired hepatic function").
      kindOf: /^(?:hepatitis|hbv|hcv|cirrho|(?:liver|hepatic) cirrho)/,
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
    { accept: (ctx, _start, end) => !FORMULA_AFTER.test(ctx.sentence.lower.slice(end, end + 40)) },
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
      kindOf: OTHER_CANCER_KIND,
      // Session 10 (blind round 16): a cancer at the same time ("Along with other malignant
      // tumors", "concurrent malignancy") is one state of another cancer; the question asks of
      // any, past ones too.
      qualifier: new RegExp(
        `${ACTIVE.source}|^(?!.*\\b(?:previous|prior|history|past|former)\\b).*\\b(?:along with|concurrent|concomitant|synchronous|simultaneous|co-?existing)\\b`,
      ),
      accept: (ctx, start, end) => {
        const lower = ctx.sentence.lower;
        return (
          !CANCER_AS_OBJECT_BETWEEN.test(lower.slice(start, end)) &&
          !CANCER_AS_OBJECT_AFTER.test(lower.slice(end, end + 30)) &&
          !OTHER_THAN_IN_MATCH.test(lower.slice(start, end)) &&
          !CANCER_NOT_HAD_BEFORE.test(lower.slice(Math.max(0, start - 60), start)) &&
          !ALLOWED_AFTER.test(lower.slice(end).replace(ASIDE, ' '))
        );
      },
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
