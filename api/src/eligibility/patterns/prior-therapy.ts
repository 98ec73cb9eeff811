import type { CriterionKey } from '@trialflow/contract';
import type { Concept, FamilyPatterns, Finding, MatchContext } from './types';

/**
 * Prior therapies. chemotherapy and targeted_therapy are 'lines' criteria: counts of prior lines
 * become ranges; the other therapies are had / not had. Wash-outs ("no chemotherapy within 4
 * weeks") and concurrent treatment are not prior-therapy rules (see match.ts).
 */

/**
 * Round 10b: item-level words that restrict a therapy to what the questionnaire does not ask, or
 * make it no prior therapy of the patient (sentence classes found on the calibration labels):
 * - a site or a share: "prior radiotherapy to the brain", "… to more than 25% of the bone marrow";
 * - a time window without a number: "… within the past year";
 * - a setting: "for unresectable or metastatic melanoma", "for irresectable stage III", "for
 *   brain metastases";
 * - an intent or kind: "definitive radiotherapy", "lymphodepleting chemotherapy", "palliative";
 * - a route: "checkpoint inhibitor in off-label capacity or through a clinical trial";
 * - a consequence or a cause: "radiotherapy preventing the study intervention", "changes caused
 *   by previous radiation therapy", "TKI-induced pneumonitis";
 * - a wash-out written after the therapy: "Cytotoxic chemotherapy: washout period 3 weeks";
 * - what a condition requires: "autoimmune disease requiring systemic immunomodulatory
 *   treatment", "… requiring systemic treatment with steroids";
 * - a planned treatment: pregnancy and contraception items ("within 180 days after the CAR-T
 *   infusion", "after the final dose of the endocrine therapy"), "not willing to undergo …",
 *   "plans to receive", "should be stopped 24h before … radiotherapy";
 * - a lesion's treatment: "Lesion to undergo biopsy cannot have undergone prior radiation";
 * - a heading: "Have received the following prior systemic antitumor therapy:" (its items, here
 *   one cohort's each, say which);
 * - an allowance: "… are NOT excluded", "it can be decided to include a patient … with a
 *   reduced dose of chemotherapy", "Prior CAR-T therapy is allowed for participants with
 *   B-ALL".
 */
const ROUND_10_QUALIFIER =
  /\bto (?:the )?(?:brain|head|skull|spine|spinal cord|cns|central nervous system|liver|lungs?|abdomen)\b|\b(?:within|in|during) (?:the )?(?:last|past|previous|preceding) (?:year|month|decade)\b|\bfor (?:the )?(?:irresectable|unresectable|inoperable|non-?resectable|stage)\b|\bfor (?:[a-z-]+ ){0,3}metasta\w*|\b(?:definitive|palliative|curative|radical|stereotactic|prophylactic|lymphodeplet\w*|conditioning)\b|\boff-?label\b|\bthrough an? (?:[a-z/-]+ )?(?:trial|study|programs?)\b|\b(?:prevent\w*|preclud\w*|interfer(?:e|es|ed|ing|ence))\b|\b(?:caused by|induced|secondary to|attributable to)\b|\bwash-?out\b|\b\d+\s*%\s*of\b|\brequir(?:ing|ed|es?)\s+(?:[a-z/-]+\s+){0,3}(?:treatment|therapy|therapies)\b|\b(?:pregnan\w*|contracept\w*|breast-?feed\w*|lactat\w*|birth control)\b|\bwilling\b|\bfor the duration of\b|\bplans? to (?:receive|undergo)\b|\b(?:stopped|interrupted|withheld)\b|\blesions? to (?:be |undergo)|\b(?:the following|as follows)\b[^.;]*:\s*$|\bnot excluded\b|\bto include (?:a |the )?(?:patients?|participants?|subjects?)\b|\b(?:allowed|permitted) (?:for|in) (?:patients|participants|subjects)\b/;

/** Restricted to a setting or a part of the body the questionnaire does not ask about. */
const QUALIFIER_BEFORE_10 =
  /\b(?:for (?:metastatic|advanced|recurrent|the (?:current|same))|in the (?:metastatic|advanced|adjuvant|neoadjuvant)|(?:neo)?adjuvant|to (?:the )?(?:chest|thorax|pelvis|mediastinum|planned|target|same)|to (?:the |a |an |any |all |one )?(?:[\w-]+\s+){0,2}(?:metasta\w*|lesions?|sites?|bones?|tumou?r sites?)|field|within (?:the )?(?:last |past )?\d+ (?:months?|years?)|\d+ (?:months?|years?)|> ?\d+(?:\.\d+)? ?gy|for (?:[a-z-]+ (?:or |and )?){0,6}(?:cancer|carcinoma|disease|leuka?emia|nsclc|all|aml|tumou?rs?|malignanc\w*)|for locally advanced|near (?:the )?|overlapping|[a-z0-9]{2,8}[\s-](?:targeted|targeting|directed)|(?:chest|thoracic|thorax|pelvic|pelvis|abdominal|abdomen|mediastinal|cranial|whole[- ]brain|brain|breast|lung|liver|hepatic|upper gi|upper gastrointestinal|esophageal|gastric|prostate|spinal|bone|head and neck|target lesions?)\s+(?:[a-z-]+\s+)?(?:radiotherapy|radiation|irradiation|surgery|resection)|small molecule|(?:egfr|alk|ros1|vegfr|her2|braf|met|kras|ret|fgfr)[\s-]?(?:tki|tyrosine|inhibitor|targeted)|bevacizumab|except|other than|unless|(?:before|prior to) (?:the )?(?:surgery|resection|operation|transplant\w*)|pre-?operative|(?:within|to|of) the (?:area|region|site|basin)|area of interest|node basin|re-?irradiation)\b/;
/**
 * Round 11c: more item-level words that make a therapy requirement one patients of a subgroup or
 * a plan meet, not every patient's (sentence classes found on the calibration labels):
 * - completion, not receipt: "must have completed any prior systemic therapy";
 * - a subgroup: "patients receiving prior systemic therapy must be receiving one of …", "BRAF
 *   mutated patients should have received BRAF/MEK inhibitors";
 * - an intent: "intensive chemotherapy";
 * - a plan: "planned for, commenced, or completed treatment with ICI", "patients with PD-L1 < 1%
 *   will be treated with …", "be eligible to restart or to continue anti-PD-1 therapy";
 * - a fitness: "… that cannot be operated on or treated with radiotherapy";
 * - how a progression is documented: "Prior progression on a PD-1 or PD-L1 checkpoint inhibitor
 *   should be unequivocal; … should be confirmed with a second CT";
 * - a candidate, not a patient treated: "candidate … for a therapy with any checkpoint inhibitor",
 *   "having an indication of treatment with anti-PD-1", "failed autologous CAR-T cell
 *   preparation";
 * - a count of regimens the line reading did not take: "(> 1 chemotherapy regimen)";
 * - an operation for a purpose ("measurable after resection for TIL collection", "following
 *   resection of the lesion for IOV-4001 generation") or a planned one ("will have to undergo
 *   surgery");
 * - the line the trial gives, named first: "1st line of systemic treatment with immunotherapy
 *   (nivolumab, ipi/nivo, pembrolizumab)";
 * - a wash-out the splitting left in another clause: "Prior treatment with immune checkpoint
 *   blockade therapies, including …; (including atezolizumab) within 28 days prior to …";
 * - a treatment about to start: "considered appropriate for starting therapy with anti-PD-1",
 *   "likely to benefit from immune checkpoint inhibitor treatment" (session 12),
 *   "effective from the first administration of vemurafenib … after the last administration";
 * - naive or pretreated as alternatives: "ICI treatment-naive or relapsed/refractory, including
 *   PD-1/PD-L1 inhibitors";
 * - round 12 (blind round 11): a therapy named as the cause of a condition ("history of
 *   neuropathy from chemotherapy", "toxicity due to prior immunotherapy", session 12: "Grade ≥3
 *   autoimmune manifestations of previous immune checkpoint inhibitor treatments"); (blind round 12) one
 *   excluded only if it could alter what the study measures ("cytotoxic treatment … that can
 *   alter the studied parameters").
 */
const ROUND_11_QUALIFIER =
  /\bstart(?:ing)? (?:the )?(?:therapy|treatment)\b|\bappropriate for\b|\b(?:first|last) (?:administration|dose) of\b|\bwithin \d+ (?:days?|weeks?)\b|^\s*(?:1st|first)[\s-]lines? of\b|\b(?:completed|discontinued|stopped) (?:all|any)\b|\b(?:patients|participants|subjects) (?:currently )?(?:receiving|on)\b[^.;]{0,60}\bmust\b|\b(?:mutated|mutant|positive|negative|wild[- ]type) (?:patients|participants|subjects) (?:must|should)\b|\bintensive\b|\bplann(?:ed|ing)\b|\bcommenced\b|\bwill be (?:treated|given|receiving)\b|\bto (?:restart|continue)\b|\bcannot be\b|\bunequivocal\b|\bcandidates?\b|\b(?:likely to )?benefit from\b|\bindication (?:for|of)\b|\bindicated\b|\bpreparation\b|\btil\b|\b(?:collection|generation|harvest\w*)\b|\b(?:have|has|will have) to undergo\b|\bmanufactur\w*|[<>]=?\s*\d+\s*(?:[\w-]+\s+){0,2}(?:regimens?|lines?)\b|\bna[iï]ve or\b|\bor (?:[\w/-]+ ){0,3}na[iï]ve\b|\b(?:neuropath\w*|toxicit\w*|side[\s-]effects?|adverse (?:events?|reactions?))\s+(?:[\w-]+\s+){0,3}?(?:from|due to|caused by|induced by|related to|secondary to|attributed to)\b|\bgrade\s*(?:[≥>]=?\s*)?[2-5]\b[^.;]{0,40}\b(?:manifestations?|toxicit\w*|events?|reactions?)\s+(?:of|from|due to|to)\b|\b(?:that|which) (?:can|could|may|might) (?:alter\w*|affect|interfere|influence|bias)\b/;
/**
 * Session 10 (blind round 16): an adverse event of a therapy ("Prior Grade 4 treatment-related AE
 * with immune checkpoint inhibitor treatment"), a therapy of one setting ("for the treatment of
 * the patient's current stage of disease") and a prescribed one ("Prescribed treatment with
 * immune-checkpoint inhibitor").
 */
const SESSION_10_QUALIFIER =
  /\b(?:aes?|adverse (?:events?|reactions?)|toxicit(?:y|ies)|iraes?)\s+(?:[\w-]+\s+){0,2}?(?:with|from|on|to|after|following)\b|\bfor (?:the )?(?:treatment of )?(?:the (?:patient|subject|participant)'?s?\s+)?current (?:stage|disease|setting|cancer)\b|\bprescribed\b|\b(?:known |good |exceptional )?response to\b/;
const QUALIFIER = new RegExp(
  `${QUALIFIER_BEFORE_10.source}|${ROUND_10_QUALIFIER.source}|${ROUND_11_QUALIFIER.source}|${SESSION_10_QUALIFIER.source}`,
);
/**
 * Round 11c: chemotherapy given "with or without" another therapy ("≥ 4 courses of PD-1
 * monoclonal antibody ± chemotherapy", "anti-PD-1 with or without concurrent chemotherapy") is
 * optional, not required.
 */
const OPTIONAL_BEFORE =
  /(?:±|\+\/-|\bwith or without|\bor not|\bin combination with(?: other)?)\s*(?:[\w-]+\s+){0,2}$/;

const CHEMO =
  /\bchemotherap(?:y|ies)\b|\bcytotoxic (?:therapy|chemotherapy|agents?|treatment)\b|\bplatinum[\s-](?:based|doublet|containing)\b|\bsystemic (?:anti-?(?:cancer|tumou?r|neoplastic|leuka?emi\w*|all|aml|myeloma|lymphoma) )?(?:therapy|therapies|treatment|regimens?)\b|\bany (?:prior |previous |other )?(?:systemic )?anti-?(?:cancer|tumou?r|neoplastic) (?:therapy|therapies|treatment|agents?)\b|\banthracyclines?\b|\btaxanes?\b|\bgemcitabine\b|\bcisplatin\b|\bcarboplatin\b|\boxaliplatin\b|\bpaclitaxel\b|\bdocetaxel\b|\bpemetrexed\b|\bfolfox\b|\bfolfiri\b|\bfolfirinox\b|\bcapecitabine\b|\btemozolomide\b/g;
const TARGETED =
  /\b(?:egfr|alk|ros1|met|ret|kras|braf|her2|vegfr|fgfr|multi-?kinase|tyrosine kinase)[\s-]?(?:tkis?|tyrosine kinase inhibitors?|inhibitors?)\b|\btkis?\b|\btyrosine kinase inhibitors?\b|\btargeted (?:small molecule )?(?:anti-?cancer )?(?:therapy|therapies|agents?|treatment|drugs?)\b|\b(?:osimertinib|gefitinib|erlotinib|afatinib|dacomitinib|almonertinib|aumolertinib|furmonertinib|alflutinib|lazertinib|crizotinib|alectinib|brigatinib|lorlatinib|ceritinib|sunitinib|sorafenib|pazopanib|cabozantinib|lenvatinib|axitinib|imatinib|dasatinib|nilotinib|ponatinib|flumatinib|sotorasib|adagrasib|selpercatinib|pralsetinib|capmatinib|tepotinib)\b|\bmtor inhibitors?\b/g;

/** Non-checkpoint immunotherapies named right after "immunotherapy" (round 10b). */
const OTHER_IMMUNOTHERAPY =
  /^\s*(?:\(|,)?\s*(?:with|such as|including|e\.?g\.?,?|e,g,)\s+(?:[\w-]+\s+){0,2}?(?:il-?2|interleukin|interferon|ifn|cytokines?|vaccines?|bcg|oncolytic|til\b|tumou?r[\s-]infiltrating)/;

/**
 * Round 12 (blind round 11): a count of prior therapies ("more than 4 prior systemic therapies")
 * is a count of lines too.
 */
const COUNTED_THERAPIES =
  '(?:prior |previous |systemic |anti-?cancer )*(?:therapies|treatments|(?:systemic |anti-?cancer )(?:therapy|treatment))';
const LINES_WORD = new RegExp(
  `\\b(?:lines?|regimens?)\\b|\\b(?:one|two|three|four|five|[1-5])\\s+${COUNTED_THERAPIES}\\b`,
);
const NUMBER: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
};
const N = '(one|two|three|four|five|[1-5])';
const AT_LEAST = new RegExp(
  `(?:at least|>=|>|minimum of|a minimum of|received)\\s*${N}\\s*(?:\\(\\d\\)\\s*)?(?:or more\\s*)?(?:prior |previous |systemic |standard |treatment |therapy |anti-?cancer )*(?:lines?|regimens?)\\b|\\b${N}\\s*or more (?:prior |previous )?(?:lines?|regimens?)\\b|(?:at least|>=|>|minimum of|a minimum of)\\s*${N}\\s*${COUNTED_THERAPIES}\\b`,
);
const AT_MOST = new RegExp(
  `(?:no more than|not more than|at most|up to|maximum of|a maximum of|<=|<|fewer than|less than)\\s*${N}\\s*(?:\\(\\d\\)\\s*)?(?:prior |previous |systemic |lines? of )*(?:lines?|regimens?|systemic|chemotherap)`,
);
/** Exclusion: "more than 2 prior lines", "prior lines of systemic therapy >= 2". */
const TOO_MANY = new RegExp(
  `(?:more than|>=|>|at least)\\s*${N}\\s*(?:(?:prior |previous |systemic )*(?:lines?|regimens?)|${COUNTED_THERAPIES})\\b|\\blines? of [^.;]{0,40}?(>=|>)\\s*${N}`,
);

/**
 * The count key of a sentence about lines, or null when the lines are of a therapy without a
 * count key ("more than 2 lines of endocrine therapy", "one prior line of checkpoint inhibitor"):
 * they are not lines of chemotherapy.
 */
/** Round 11c: "(including but not limited to targeted therapy …)": examples, not the lines' kind. */
const EXAMPLE_CLAUSE = /\bincluding but not limited to\b[^.;)]*/g;

function linesKey(text: string): CriterionKey | null {
  const lower = text.replace(EXAMPLE_CLAUSE, ' ');
  if (
    /\b(?:endocrine|hormon\w*|checkpoint|immunotherap\w*|anti-?pd-?l?1|car-?t|radiotherap\w*|radiation)\b/.test(
      lower,
    )
  ) {
    return null;
  }
  return /\btkis?\b|targeted|tyrosine kinase/.test(lower) ? 'targeted_therapy' : 'chemotherapy';
}

function extractLines(ctx: MatchContext): Finding[] {
  const { lower } = ctx.sentence;
  if (!LINES_WORD.test(lower) || ctx.alternative) {
    return [];
  }
  const key = linesKey(lower);
  if (!key) {
    return [];
  }
  if (ctx.section === 'exclusion') {
    const m = TOO_MANY.exec(lower);
    if (!m) {
      return [];
    }
    let n: number;
    let strict: boolean;
    if (m[1]) {
      n = NUMBER[m[1]];
      strict = !/^(?:>=|at least)/.test(m[0]);
    } else {
      n = NUMBER[m[3]];
      strict = m[2] === '>';
    }
    const max = strict ? n : n - 1;
    return max >= 0
      ? [{ key, kind: max === 0 ? 'excluded' : 'range', ...(max > 0 ? { max } : {}) }]
      : [];
  }
  const least = AT_LEAST.exec(lower);
  const most = AT_MOST.exec(lower);
  // "(including but not limited to targeted therapy …)": the lines may be of another kind.
  EXAMPLE_CLAUSE.lastIndex = 0;
  const finding: Finding = {
    key,
    kind: 'range',
    ...(EXAMPLE_CLAUSE.test(lower) ? { qualified: true } : {}),
  };
  if (least) {
    const n = NUMBER[least[1] ?? least[2] ?? least[3]];
    const value = least[0].startsWith('>') && !least[0].startsWith('>=') ? n + 1 : n;
    // "Must have received 1 line of systemic therapy" (round 11c): a count without "at least" or
    // "or more" is exact.
    if (!most && /^received/.test(least[0]) && !/\bor more\b/.test(least[0])) {
      return [{ ...finding, min: value, max: value }];
    }
    if (value >= 2) {
      finding.min = value;
    } else if (value === 1 && !most) {
      return [{ key, kind: 'required', ...(finding.qualified ? { qualified: true } : {}) }];
    }
  }
  if (most) {
    const n = NUMBER[most[1]];
    const strict = /^(?:<(?!=)|fewer than|less than)/.test(most[0]);
    finding.max = strict ? n - 1 : n;
    if (finding.max === 0) {
      return [{ key, kind: 'excluded' }];
    }
    if (least && finding.min === undefined) {
      finding.min = 1;
    }
  }
  return finding.min !== undefined || finding.max !== undefined ? [finding] : [];
}

/** An operation named after the cue that says the patient had it (see major_surgery below). */
const OPERATION_HAD =
  /(?<=\b(?:after|following|underwent|undergone|completed)\s+(?:an?\s+)?(?:(?:macroscopically|microscopically|radical|curative|complete|completely|total|partial|or|definitive|surgical|r0)\s+){0,4})(?:resection|gastrectomy|hysterectomy|nephrectomy|prostatectomy|mastectomy|lobectomy|pneumonectomy|o?esophagectomy|cystectomy|colectomy|pancreatectomy|hepatectomy)\b/g;

/** A cancer the patient had resected (inclusion only): the operation had. */
const RESECTED_CANCER =
  /\b(?<!un|non-?|not )resected\b(?=\s+(?:[\w/+-]+\s+){0,5}?(?:cancer|carcinoma|tumou?rs?|melanoma|nsclc|adenocarcinoma)\b)/g;

/**
 * Round 11c: a therapy named as an example of what counts ("at least 1 prior line of systemic
 * therapy (including but not limited to targeted therapy …)") is no rule of its own.
 */
const EXAMPLE_BEFORE = /\bincluding but not limited to\s+(?:[\w-]+\s+){0,2}$/;

function therapy(
  key: CriterionKey,
  triggers: string[],
  re: RegExp,
  extra: Partial<Concept> = {},
): Concept {
  const accept = extra.accept;
  return {
    key,
    triggers,
    re,
    mode: 'therapy',
    qualifier: QUALIFIER,
    group: 'therapy',
    ...extra,
    accept: (ctx, start, end) =>
      !EXAMPLE_BEFORE.test(ctx.sentence.lower.slice(Math.max(0, start - 60), start)) &&
      (accept ? accept(ctx, start, end) : true),
  };
}

export const priorTherapyConcepts: Concept[] = [
  therapy(
    'chemotherapy',
    [
      'chemo',
      'cytotoxic',
      'platin',
      'systemic',
      'anticancer',
      'anti-cancer',
      'antitumo',
      'anti-tumo',
      'antineoplastic',
      'anti-neoplastic',
      'cycline',
      'taxane',
      'gemcitabine',
      'taxel',
      'pemetrexed',
      'folf',
      'capecitabine',
      'temozolomide',
    ],
    CHEMO,
    {
      accept: (ctx, start) =>
        !OPTIONAL_BEFORE.test(ctx.sentence.lower.slice(Math.max(0, start - 40), start)),
    },
  ),
  therapy('targeted_therapy', ['tki', 'inhibitor', 'targeted', 'nib'], TARGETED),
  therapy(
    'checkpoint_therapy',
    ['pd-1', 'pd1', 'pd-l', 'pdl1', 'ctla', 'checkpoint', ' ici', 'immunotherap', 'mab'],
    /\banti-?(?:pd-?1|pd-?l1|pd-?l2|ctla-?4)\b|\bpd-?1\s*(?:or\s*pd-?l1\s*)?(?:monoclonal\s+)?(?:inhibitors?|antibod\w*|blockade|blockers?|agents?|therapy|treatment)\b|\bcheckpoint (?:blockade|blockers?)\b|\bpd-?l1\s*(?:inhibitors?|antibod\w*|blockade|blockers?|agents?)\b|\bctla-?4\b|\bimmune[\s-]?checkpoint\b|\bcheckpoint inhibitors?\b|\bicis?\b|\bimmunotherap(?:y|ies)\b|\b(?:pembrolizumab|nivolumab|atezolizumab|durvalumab|ipilimumab|cemiplimab|avelumab|tislelizumab|toripalimab|sintilimab|camrelizumab|tremelimumab)\b/g,
    {
      // "immunotherapy with IL-2 or interferon", "immunotherapy (e.g. cancer vaccines)" (round
      // 10b): immunotherapy named by a non-checkpoint agent is not the checkpoint class.
      accept: (ctx, start, end) =>
        !/^immunotherap/.test(ctx.sentence.lower.slice(start, end)) ||
        !OTHER_IMMUNOTHERAPY.test(ctx.sentence.lower.slice(end, end + 60)),
    },
  ),
  therapy(
    'radiation_therapy',
    ['radiotherap', 'radiation', 'irradiat', 'radiosurg'],
    /\bradiotherap(?:y|ies)\b|\bradiation(?: therapy| treatment)?\b|\birradiation\b|\bradiosurgery\b/g,
    {
      accept: (ctx, _start, end) =>
        !/^\s*(?:portal|field|oncolog|pneumonitis|pneumonia|dermatitis|induced|necrosis|injury)/.test(
          ctx.sentence.lower.slice(end, end + 20),
        ),
    },
  ),
  therapy(
    'major_surgery',
    ['surg'],
    /\bmajor surg\w+\b|\bsurgery for\b|\bsurgical resection of the primary\b/g,
  ),
  // Round 11c: in the inclusion list, an operation the patient had ("after macroscopically
  // complete resection", "patients who underwent total or partial gastrectomy") is the surgery
  // required (the labels read it so); the exclusion list keeps the narrow reading above.
  therapy('major_surgery', ['resection', 'ectomy'], OPERATION_HAD, { only: 'inclusion' }),
  // "early-stage resected invasive breast cancer", "completely resected stage III melanoma".
  therapy('major_surgery', ['resected'], RESECTED_CANCER, { only: 'inclusion', cued: true }),
  therapy(
    'hormonal_therapy',
    [
      'endocrine',
      'hormon',
      'androgen',
      'adt',
      'aromatase',
      'tamoxifen',
      'fulvestrant',
      'letrozole',
      'anastrozole',
      'exemestane',
      'lutamide',
      'abiraterone',
    ],
    /\b(?:endocrine|hormonal|hormone|anti-?hormonal)\s+(?:therapy|therapies|treatment)\b|\bandrogen deprivation\b|\badt\b|\baromatase inhibitors?\b|\b(?:tamoxifen|fulvestrant|letrozole|anastrozole|exemestane|enzalutamide|abiraterone|apalutamide|darolutamide|bicalutamide)\b/g,
  ),
  therapy(
    'parp_therapy',
    ['parp', 'polymerase', 'parib'],
    /\bparp(?:\s*inhibitors?|i)?\b|\bpoly \(?adp-ribose\)? polymerase\b|\b(?:olaparib|niraparib|rucaparib|talazoparib|fluzoparib|pamiparib)\b/g,
  ),
  therapy(
    'car_t_therapy',
    ['car-t', 'car t', 'cart', 'chimeric'],
    /\bcar[\s-]?t\b|\bchimeric antigen receptor\b/g,
  ),
  therapy(
    'braf_therapy',
    ['braf', 'mek', 'fenib', 'metinib'],
    /\bbraf (?:or mek )?inhibitors?\b|\bmek inhibitors?\b|\b(?:dabrafenib|vemurafenib|encorafenib|trametinib|binimetinib|cobimetinib)\b/g,
  ),
  therapy(
    'angiogenesis_therapy',
    [
      'angiogen',
      'vegf',
      'bevacizumab',
      'ramucirumab',
      'aflibercept',
      'apatinib',
      'anlotinib',
      'fruquintinib',
      'endostar',
    ],
    /\banti-?angiogen\w*|\banti-?vegfr?\b|\bvegfr?[\s-](?:tkis?|targeting|inhibitors?|targeted)\b|\b(?:bevacizumab|ramucirumab|aflibercept|apatinib|anlotinib|fruquintinib|endostar)\b/g,
  ),
  therapy(
    'proteasome_inhibitor',
    ['proteasome', 'zomib'],
    /\bproteasome inhibitors?\b|\b(?:bortezomib|carfilzomib|ixazomib)\b/g,
  ),
  therapy(
    'immunomodulatory_drug',
    ['immunomodulatory', 'imid', 'lidomide'],
    /\bimmunomodulatory (?:drugs?|agents?|imids?)?|\bimids?\b|\b(?:lenalidomide|pomalidomide|thalidomide)\b/g,
  ),
  therapy(
    'autologous_transplant',
    ['autologous', 'asct', 'auto-', 'autohsct', 'autosct'],
    /\bautologous (?:hematopoietic |haematopoietic |peripheral blood )?(?:stem cell |bone marrow |progenitor cell )?(?:transplant\w*|hsct|sct)\b|\basct\b|\bauto-?(?:hsct|sct)\b/g,
  ),
  therapy(
    'allogeneic_transplant',
    ['allogeneic', 'allo-', 'allohsct', 'allosct', 'allotransplant'],
    /\ballogeneic (?:hematopoietic |haematopoietic |peripheral blood )?(?:stem cell |bone marrow |progenitor cell )?(?:transplant\w*|hsct|sct)\b|\ballo-?(?:hsct|sct|transplant\w*)\b/g,
  ),
];

function extract(ctx: MatchContext): Finding[] {
  return extractLines(ctx);
}

export const priorTherapyPatterns: FamilyPatterns = { concepts: priorTherapyConcepts, extract };
