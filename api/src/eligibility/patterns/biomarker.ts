import type { CriterionKey } from '@trialflow/contract';
import type { Concept, FamilyPatterns, MatchContext } from './types';

/**
 * Biomarkers: a mention is a statement about the tumour, unless it names a drug class
 * ("EGFR-TKI", "anti-HER2", "ALK inhibitor", "a BRAF-containing regimen") or a test without a
 * result ("EGFR status").
 */

const DRUG_AFTER =
  /^[\s-]*(?:tkis?\b|tyrosine kinase|inhibitors?\b|targeted|targeting|directed|antibod|-?based|containing|regimens?\b|therap|treatment|agents?\b|blockade|pathway|car\b|car-?t|adc\b|bispecific|specific)/;
const DRUG_BEFORE = /\banti-?\s?$/;
const STATUS_ONLY =
  /^[\s-]*(?:mutation(?:al)? )?(?:status|testing|test|assay|expression status|result)\b(?! (?:is |of )?(?:positive|negative|confirmed))/;

/**
 * Round 10b: a test of the biomarker, not its result: "sample to assess the PD-L1 expression",
 * "detection of PD-L1 expression", "recommended for EGFR mutation … assay", "PD-L1 expression
 * testing", "BRAF V600 mutation status determined".
 */
// Round 11: "Patients must have had prior testing for BRAF V600 mutations" (a test, not a result).
const TEST_BEFORE =
  /\b(?:(?:testing|tested|test|screen(?:ed|ing)) for|assess(?:ing|ment of)?|detection of|detect(?:ing)?|determin(?:e|ing|ation of)|evaluat(?:e|ing|ion of)|measur(?:e|ing|ement of)|recommended for|analy[sz](?:e|is of|ing))\s+(?:the\s+|an?\s+)?$/;
// Round 11 (blind round 9, retired): an assay's name ("PD-L1 IHC 22C3 pharmDx", "PD-L1 (SP263)
// assay"), a test, not a result.
const TEST_AFTER =
  /^[\s-]*\)?[\s-]*(?:(?:v600\w*|g12\w*|gene|mutations?|mutational|rearrangements?|fusions?|expression|alterations?|amplification|protein)\s+){1,3}(?:status|testing|test|assay|result|assessment|analysis|evaluation|determination)\b(?! (?:is |of )?(?:positive|negative|confirmed))|^[\s-]*\(?\s*(?:ihc\s+)?(?:22c3|28-8|sp263|sp142|73-10)\b[\s)]*(?:pharm\s?dx|assays?|tests?|kits?|antibod\w*)?|^(?:\s*,?\s*(?:and\s+|or\s+)?[a-z0-9-]{2,10}){0,4}\s+(?:gene\s+)?(?:test|testing)\s+results?\b/;
/**
 * Round 10b: a biomarker as a condition ("… if CD19+ B-cell ALL", "B-RAF inhibitor if harboring
 * the V600E BRAF mutation"), one combined with a relative's cancer ("BRCA1 … mutations + 1 family
 * member with pancreatic cancer"), and a HER2 expression that is not HER2 positivity
 * ("HER2-expressing (IHC 3+ or IHC 2+)").
 */
const IF_BEFORE =
  /\bif\s+(?:(?:harbou?ring|having|with|positive for|they have|the patient has)\s+)?(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,2}$/;
const FAMILY = /\bfamily (?:members?|history)\b|\b(?:first|second)[\s-]degree relatives?\b/;
const EXPRESSING_AFTER = /^[\s-]*expressing\b/;
/**
 * Round 10b: a biomarker named as one example or risk factor ("T1 tumours with two high risk
 * factors such as … ER/PR negative, HER2 positivity, age < 35"): one of several, not required.
 */
const EXAMPLE_BEFORE =
  /(?:\bsuch as|\be[.,]?\s?g\b[.,]?|\bfor example|\bfor instance|\bincluding,? but not limited to)\s*[^.;()]*$|\((?:e[.,]?\s?g\b[.,]?|for example|for instance|such as)[^()]*$/;
const RISK_FACTOR = /\brisk factors?\b/;
/** "exclusion of patients with … positive EGFR-sensitive mutations" written in the inclusion list. */
const EXCLUSION_BEFORE = /\bexclu(?:sion|ded?|ding)\b[^.;]{0,110}$/;

/**
 * Round 11b: any status of the biomarker admitted ("Any BRAF mutation status is allowed (BRAF-mutated,
 * BRAF wild-type or non-mutated, or BRAF status unknown)", "regardless of EGFR status"): the
 * sentence names every result, so it states no rule.
 */
const ANY_STATUS =
  /\b(?:any|all)\s+(?:[\w-]+\s+){0,3}?status(?:es)?\b[^.;]{0,30}\b(?:allowed|permitted|eligible|accepted|acceptable)\b|\b(?:regardless|irrespective) of\s+(?:[\w-]+\s+){0,3}?status\b/;
/**
 * Round 11b: a gene named twice with both results ("not BRAF mutated, BRAFV600 mutated and wild
 * mutated", "BRAF V600E-mutated or BRAF wild-type"): any status is admitted. (Negation runs over
 * the comma, so the mentions' polarity cannot tell.)
 */
const WILD_RESULT = /\b(?:wild[\s-]?type|wild|wt|non-?mutated|unmutated|not mutated)\b/;
const MUTANT_RESULT = /(?<!\bnot |\bnon-?|\bun)\bmutated\b|\bmutants?\b|\bmutation[\s-]positive\b/;
function bothResults(lower: string, gene: string): boolean {
  return (
    gene.length > 2 &&
    lower.split(gene).length > 2 &&
    WILD_RESULT.test(lower) &&
    MUTANT_RESULT.test(lower)
  );
}

/**
 * Round 11b: ER and PR named in the brackets defining hormone-receptor negativity or triple
 * negativity ("HR-ve status (ER-negative and PR-negative)", "triple negative … (… estrogen
 * receptor negative and progesterone receptor negative [HER2-/ER-/PR-])"): the hormone-receptor
 * or triple-negative rule states it; they are its definition, not rules of their own.
 */
const DEFINED_BEFORE =
  /\b(?:hr|hormone[\s-]receptors?|triple[\s-]negative|tnbc)\b[^()[\].;]{0,60}[([][^()[\]]*(?:[([][^()[\]]*)?$/;

/** The item's text up to a position of the sentence ("(e.g." may end the sentence before). */
function inItem(ctx: MatchContext, start: number): string {
  const { lower } = ctx.sentence;
  const at = ctx.item.indexOf(lower);
  return at < 0 ? lower.slice(0, start) : ctx.item.slice(0, at + start);
}

/**
 * Round 11b: a drug's target, not the tumour's result: "any agents that target EGFR or MET",
 * "medications targeting MerTK and/or FLT3", "BRAF/MEK inhibitors" (the drug named after a slash
 * list, which normalisation writes "braf or mek"), "the RAS-MAPK pathway"; a negative result named before a bracketed list ("negative
 * oncogene driver mutations (EGFR/ALK/ROS)": in the exclusion list it asks for one of them, no
 * rule of each); a biomarker defining another disease in an "i.e." aside ("CML in blast crisis
 * (i.e., patients with known bcr-abl positive disease)").
 */
const TARGET_BEFORE =
  /\b(?:target|targets|targeting|directed (?:at|against)|inhibit|inhibits|inhibiting)\s+(?:the\s+)?(?:[\w()-]+(?:\s*(?:,|\/|and\/or|or|and)\s*|\s+)){0,6}$/;
const SLASH_LIST = /^(?:\s*(?:\/|\bor\b)\s*[a-z0-9-]+)+/;
const PATHWAY_AFTER = /^[\s/-]*(?:[a-z0-9]+[\s/-]+){0,2}pathway\b/;
const NEGATIVE_LIST_BEFORE =
  /\bnegative\s+(?:[\w-]+\s+){0,3}\(\s*(?:[a-z0-9]+\s*(?:\/|,|\bor\b|\band\b)\s*)*$/;
const DEFINITION_BEFORE = /\(\s*i\.?\s?e\b[^()]*$/;
/**
 * Round 11b: two genes' results joined by "and" in the exclusion list ("known BRAF V600E
 * mutation and NRAS mutation", "HER2 positive over expression and hormone receptor positive"):
 * both at once, or either, is not written; no rule of each.
 */
const PAIR_RESULT =
  '(?:gene\\s+)?(?:mutations?|fusions?|rearrangements?|alterations?|amplifications?|positive|positivity|negative|over-?\\s?expression|overexpressed)(?:\\s+over-?\\s?expression)?';
const AND_PAIR = new RegExp(
  `\\b[a-z][a-z0-9-]*(?:\\s+[a-z]\\d+[a-z]?)?\\s+${PAIR_RESULT}\\s+and\\s+(?:[a-z][a-z0-9-]*\\s+){1,2}?${PAIR_RESULT}\\b`,
  'g',
);
function inAndPair(ctx: MatchContext, start: number): boolean {
  if (ctx.section !== 'exclusion') {
    return false;
  }
  for (const m of ctx.sentence.lower.matchAll(AND_PAIR)) {
    if (start >= m.index && start < m.index + m[0].length) {
      return true;
    }
  }
  return false;
}

function notDrugOrTest(ctx: MatchContext, start: number, end: number): boolean {
  const { lower } = ctx.sentence;
  const after = lower.slice(end, end + 40);
  const before = lower.slice(Math.max(0, start - 60), start);
  return (
    // Round 11 (blind round 10, retired): a cohort named by its biomarker ("… for Cohort A2 (ROS1
    // positive)"), not a requirement of the sentence.
    !/\bcohorts?\s+[\w-]{1,4}\s*\(\s*$/.test(before) &&
    !DRUG_AFTER.test(after) &&
    !DRUG_AFTER.test(after.replace(SLASH_LIST, '')) &&
    !PATHWAY_AFTER.test(after) &&
    !TARGET_BEFORE.test(before) &&
    !NEGATIVE_LIST_BEFORE.test(before) &&
    !DEFINITION_BEFORE.test(inItem(ctx, start).slice(-120)) &&
    !inAndPair(ctx, start) &&
    !DRUG_BEFORE.test(lower.slice(Math.max(0, start - 6), start)) &&
    !STATUS_ONLY.test(after) &&
    !TEST_AFTER.test(after) &&
    !TEST_BEFORE.test(before) &&
    !IF_BEFORE.test(before) &&
    !FAMILY.test(ctx.item) &&
    !ANY_STATUS.test(lower) &&
    !bothResults(lower, lower.slice(start, end)) &&
    !RISK_FACTOR.test(ctx.item) &&
    !EXAMPLE_BEFORE.test(inItem(ctx, start).slice(-120)) &&
    !(
      ctx.section === 'inclusion' &&
      EXCLUSION_BEFORE.test(lower.slice(Math.max(0, start - 120), start))
    ) &&
    !EXPRESSING_AFTER.test(after)
  );
}

/**
 * Round 11b: one kind of EGFR mutation ("absence of sensitising EGFR mutations", "no common EGFR
 * mutations", "activating mutations in the EGFR gene"): the question asks about any EGFR
 * mutation, so a patient with another one (an exon 20 insertion) may join; the rule is
 * qualified, unless the item names the other kinds too ("sensitizing mutations in EGFR, EGFR
 * exon 20 insertions"). A requirement for one histology's patients ("All subjects with
 * non-squamous NSCLC must have … absence of … EGFR mutations") is qualified as well.
 */
const EGFR_KIND =
  /^(?![^]*\bexon 20\b)[^]*(?:\b(?:sensiti[sz]ing|sensitive|activating|common|classic(?:al)?)\s+(?:(?:egfr|epidermal growth factor receptor)\b|(?:[\w-]+\s+){0,2}mutations?\s+(?:in|of)\s+(?:the\s+)?(?:egfr|epidermal))|\begfr\s+(?:\([^()]*\)\s+)?(?:gene\s+)?(?:sensiti[sz]ing|sensitive|activating|common)\b|\begfr\b[^.;]{0,80}\bmutations?\s+(?:that\s+are\s+|which\s+are\s+)?sensitive to\b)/;
/**
 * A requirement for one histology's patients, qualified (see above); so is one for a subgroup
 * the item conditions further (round 11b): "… in subjects for whom adjuvant targeted therapy is
 * planned", "BRAF mutated patients should have received BRAF/MEK inhibitors".
 */
const HISTOLOGY_SUBGROUP =
  /^(?:all\s+)?(?:patients|participants|subjects)\s+with\s+(?:a\s+)?non-?\s?squamous\b[^.;]*\b(?:must|should|need to|are required to)\b|\b(?:in|for)\s+(?:subjects|patients|participants)\s+(?:for|in)\s+whom\b|^[\w\s-]{0,40}\b(?:mutated|mutant|positive|negative|wild-?type)\s+(?:patients|participants|subjects)\s+(?:must|should|need to|are required to)\s+(?:have\s+)?(?:received|progressed|been treated)\b/;
/**
 * Excluded only: a subgroup conditioned on a treatment ("Participants with a BRAF V600
 * mutation-positive tumor received prior … ICI therapy only", "have a BRAF V600 mutation, who have
 * not received a prior BRAF/MEK TKI regimen"); in the inclusion list the same clause adds a
 * requirement to the biomarker's ("Patients with a BRAF V600 mutation who have not received a
 * BRAF inhibitor"), which stays plain.
 */
const SUBGROUP_TREATED =
  /\b(?:who|that)\s+(?:has|have|had)\s+not\s+(?:received|been treated)\b|^(?:participants?|patients?|subjects?)\s+with\s+(?:an?\s+|known\s+)?[^.;]{0,80}?\b(?:(?:who|that)\s+(?:has|have|had)\s+(?:not\s+)?received|received|were treated|was treated)\b/;

/** Round 10b: "ER+, HER2- early-stage …": a bare minus after the symbol is a negative result. */
const BARE_MINUS = /^-(?=\s*(?:[,;)/]|$)|\s)/;

/** Requires an explicit result next to the symbol ("ER-positive", "HR+", "PD-L1 TPS >= 50%"). */
function withResult(ctx: MatchContext, start: number, end: number): boolean {
  const after = ctx.sentence.lower.slice(end, end + 40);
  return (
    notDrugOrTest(ctx, start, end) &&
    /^[\s-]*(?:\(?\s*)?(?:\+|positive|pos\b|negative|neg\b|-\s|[+-]?ve\b|low\b|high\b|overexpress|amplif|expression|status (?:is )?(?:positive|negative)|tps|cps|tumou?r proportion|>=?|<=?|\d|ihc|or [a-z]{2,3}[\s-]*(?:\+|positive|negative))/.test(
      after,
    )
  );
}

/** Round 11b: "HR-ve", "ER -ve": a negative result. */
const MINUS_VE = new RegExp(`^\\s*-\\s?ve\\b|${BARE_MINUS.source}`);

/** Session 12: "a breast cancer must express ER": the receptor with its result before it. */
const EXPRESSED_BEFORE = /\b(?:must |should )?express(?:es|ing)?\s+(?:the\s+)?$/;

/** ER or PR with its result, unless it defines the hormone-receptor or triple-negative status. */
function receptorOfItsOwn(ctx: MatchContext, start: number, end: number): boolean {
  return (
    (withResult(ctx, start, end) ||
      EXPRESSED_BEFORE.test(ctx.sentence.lower.slice(Math.max(0, start - 30), start))) &&
    !DEFINED_BEFORE.test(ctx.sentence.lower.slice(Math.max(0, start - 200), start))
  );
}

/**
 * Session 12: an item defining hormone-receptor positivity as the expression of ER ("HR+/HER2-
 * breast cancer … To fulfil the requirement of HR+ disease, a breast cancer must express ER with
 * or without co-expression of PR"): the ER rule states it, the hormone-receptor one is its name.
 */
const HR_DEFINED_AS_ER =
  /\b(?:requirement|definition) of (?:hr|hormone receptor)[\s-]?(?:\+|positive)[^.;]{0,60}\bexpress(?:es)?\s+(?:the\s+)?(?:er|estrogen receptor|oestrogen receptor)\b/;

function concept(
  key: CriterionKey,
  triggers: string[],
  re: RegExp,
  extra: Partial<Concept> = {},
): Concept {
  return {
    key,
    triggers,
    re,
    mode: 'bool',
    accept: notDrugOrTest,
    negatedBy: BARE_MINUS,
    qualifier: HISTOLOGY_SUBGROUP,
    excludedQualifier: SUBGROUP_TREATED,
    group: key.startsWith('brca') ? 'brca' : 'biomarker',
    ...extra,
  };
}

const PD_L1_THRESHOLD =
  /\b(?:cps|tps|tap|ic|tc|combined positive score|tumou?r proportion score)\s*(?:score\s*)?(?:of\s*)?(?:≥|>=|>|at least|of at least)\s*(?:[2-9]|[1-9]\d)/;

/** "HER2-low", "PD-L1 TPS < 1%": negative in the vocabulary's sense. */
const LOW_OR_BELOW =
  /^[\s-]*(?:\(?\s*)?(?:(?:(?:by|on|per) )?(?:ihc|immunohistochemistry|expression|status|score)\s*\)?[\s:=-]*(?:of\s+|is\s+)?){0,3}(?:low\b|ultra-?low|0\b|1\+|2\+[\s,/]*(?:(?:and|with|but|and\/or)\s+)?(?:a\s+)?(?:negative\s+|non-?amplified\s+)?(?:by\s+)?(?:fish|ish|sish|cish)[\s-]*(?:negative|neg\b|-|non-?amplified|not amplified)|ihc 0|ihc 1\+|(?:expression|tps|cps|tumou?r proportion score)?\s*(?:<|less than)\s*1\s*%?)/;

const LOW_OR_BARE_MINUS = new RegExp(`${LOW_OR_BELOW.source}|${BARE_MINUS.source}`);

export const biomarkerConcepts: Concept[] = [
  // "eGFR >= 60 mL/min" is the kidney's filtration rate, not the gene.
  concept('egfr', ['egfr'], /\begfr\b/g, {
    excludedQualifier: new RegExp(`${EGFR_KIND.source}|${SUBGROUP_TREATED.source}`),
    accept: (ctx, start, end) =>
      notDrugOrTest(ctx, start, end) &&
      ctx.sentence.norm.slice(start, end) !== 'eGFR' &&
      !/^\s*(?:>|<|=|\d|of\s*\d|ml)/.test(ctx.sentence.lower.slice(end, end + 8)),
  }),
  concept('alk', ['alk'], /\balk\b(?!aline)/g),
  // "EGFR or ALK/ROS" (round 10b): ROS after ALK names ROS1.
  concept(
    'ros1',
    ['ros1', 'ros-1', 'ros 1', 'alk/ros', 'alk or ros', 'alk, ros'],
    /\bros-?1\b|(?<=\balk\s?(?:\/|,|or)\s?)ros\b(?!-?1)/g,
  ),
  // "KRAS G12C mutation" (round 10b): one variant, named alone, is one kind of KRAS mutation (a
  // "KRAS G12A, G12C, G12D … mutation" list stands for the gene).
  concept(
    'kras',
    ['kras'],
    /\bkras\b(?:[\s-]*p?\.?(?:g12|g13|q61)[a-z]?\b(?!\s*(?:,|\/|or\b|and\b)\s*(?:g\d|q\d)))?/g,
    { kindOf: /(?:g12|g13|q61)/ },
  ),
  concept('nras', ['nras'], /\bnras\b/g),
  concept('ras', ['ras ', 'ras-', 'ras,', 'ras)', 'ras.'], /\b(?<![kn])ras\b/g),
  // "BRAFV600 mutated" (round 11b): the gene with its codon attached.
  concept('braf', ['braf'], /\bbraf(?:\b|(?=v600))/g),
  concept(
    'met',
    ['MET'],
    /\bMET\b(?=[\s-]*(?:exon|ex14|amplif|alteration|mutation|fusion|overexpress|skipping|gene))|\bc-MET\b/g,
    {
      caseSensitive: true,
    },
  ),
  concept(
    'ret',
    ['RET'],
    /\bRET\b(?=[\s-]*(?:fusion|rearrange|mutation|alteration|gene|positive))/g,
    { caseSensitive: true },
  ),
  concept('ntrk', ['ntrk'], /\bntrk[1-3]?\b/g),
  concept('her2', ['her2'], /\bHER2\b/gi, { negatedBy: LOW_OR_BARE_MINUS }),
  concept('er', ['ER', 'strogen'], /\b(?:ER|[Ee]strogen [Rr]eceptor|[Oo]estrogen [Rr]eceptor)\b/g, {
    caseSensitive: true,
    accept: receptorOfItsOwn,
    negatedBy: MINUS_VE,
  }),
  concept('pr', ['PR', 'PgR', 'rogesterone'], /\b(?:PR|PgR|[Pp]rogesterone [Rr]eceptor)\b/g, {
    caseSensitive: true,
    accept: receptorOfItsOwn,
    negatedBy: MINUS_VE,
  }),
  concept(
    'hr',
    ['HR', 'ormone receptor'],
    /\b(?:HR|[Hh]ormone [Rr]eceptor)\b(?![\s-]*(?:deficien|proficien))/g,
    {
      caseSensitive: true,
      accept: (ctx, start, end) => withResult(ctx, start, end) && !HR_DEFINED_AS_ER.test(ctx.item),
      negatedBy: MINUS_VE,
    },
  ),
  concept('brca1', ['brca1'], /\bbrca1\b/g),
  concept('brca2', ['brca2'], /\bbrca2\b/g),
  concept(
    'hrd',
    ['hrd', 'homologous'],
    /\bhrd\b|\bhomologous recombination (?:repair )?deficien\w*/g,
  ),
  concept('palb2', ['palb2'], /\bpalb2\b/g),
  concept('pik3ca', ['pik3ca'], /\bpik3ca\b/g),
  concept('atm', ['ATM'], /\bATM\b/g, { caseSensitive: true }),
  concept('chek2', ['chek2'], /\bchek2\b/g),
  concept('rad51c', ['rad51c'], /\brad51c\b/g),
  concept('rad51d', ['rad51d'], /\brad51d\b/g),
  concept('idh1', ['idh'], /\bidh-?1\b/g),
  concept('idh2', ['idh'], /\bidh-?2\b/g),
  concept('fgfr2', ['fgfr'], /\bfgfr-?2\b/g),
  concept('flt3', ['flt'], /\bflt-?3\b/g),
  concept('npm1', ['npm'], /\bnpm-?1\b/g),
  concept('tp53', ['p53'], /\btp53\b|\bp53\b/g),
  concept('vhl', ['vhl'], /\bvhl\b/g),
  concept('cd19', ['cd19'], /\bcd19\b/g, { accept: withResult }),
  concept(
    'bcrabl1',
    ['bcr', 'philadelphia', 'ph+', 'ph-', 'ph positive', 'ph negative', '9;22'],
    /\bbcr[-:]?abl1?\b|\bphiladelphia chromosome\b|\bph\+|\bph[\s-]?positive\b|\bph[\s-]?negative\b|\bph-(?=\s|$|,)|\bt\(9;22\)/g,
  ),
  concept('hpv_16', ['hpv'], /\bhpv[\s-]?16\b/g),
  concept('hpv_18', ['hpv'], /\bhpv[\s-]?18\b/g),
  concept(
    'msi_high',
    ['msi', 'microsatellite', 'mismatch', 'mmr'],
    /\bmsi[\s-]?h(?:igh|i)?\b|\bmicrosatellite instability(?:[\s-]high)?\b|\bmismatch repair[\s-]deficien\w*|\bdmmr\b|\bmmr[\s-]deficien\w*/g,
  ),
  concept(
    'mss',
    ['mss', 'microsatellite', 'pmmr', 'mismatch'],
    /\bmss\b|\bmicrosatellite[\s-]stable\b|\bpmmr\b|\bmismatch repair[\s-]proficient\b/g,
  ),
  concept('pd_l1', ['pd-l1', 'pdl1'], /\bpd-?l1\b/g, {
    accept: withResult,
    negatedBy: LOW_OR_BARE_MINUS,
    // Round 11: a score threshold above positivity ("CPS >= 10", "TPS >= 50%"): the questionnaire
    // asks positive or negative, so a positive patient may be below it (qualified).
    qualifier: new RegExp(`${HISTOLOGY_SUBGROUP.source}|${PD_L1_THRESHOLD.source}`),
  }),
];

export const biomarkerPatterns: FamilyPatterns = { concepts: biomarkerConcepts };
