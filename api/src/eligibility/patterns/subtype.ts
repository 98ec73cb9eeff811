import { CRITERIA, type CriterionKey, type EligibilityRule } from '@trialflow/contract';
import { PERMISSION } from './match';
import type { Concept, FamilyPatterns, MatchContext } from './types';

/** Histology and subtype flags. */

/** A list of tumour types ("NSCLC, PDAC, CRC or other solid tumor"): no single one is required. */
const ANY_TUMOUR =
  /\b(?:other|any|advanced) solid tumou?rs?\b|\bsolid tumou?rs? (?:with|harbou?ring)\b/;
const TUMOUR_TYPES: RegExp[] = [
  /\bn?sclc\b|\blung\b/,
  /\bpdac\b|\bpancrea/,
  /\bcrc\b|\bcolorectal\b|\bcolon\b/,
  /\bbreast\b/,
  /\bmelanoma\b/,
  /\bprostat/,
  /\bovar/,
  /\bgastric\b|\bstomach\b/,
  /\bhead and neck\b/,
  /\besophag/,
];

/** A precursor lesion named by its cell type (round 4): not a cancer's histology. */
const PRECURSOR =
  /^[\s-]*(?:cells?\s+)?(?:epithelial\s+)?(?:dysplas\w*|intra-?epithelial|metaplas\w*|papilloma\w*|hyperplas\w*|atypi\w*|pre-?cancer\w*|pre-?malignan\w*|precursor)/;

function single() {
  return (ctx: MatchContext): boolean => {
    if (ctx.section === 'exclusion') {
      return true;
    }
    const lower = ctx.sentence.lower;
    return !ANY_TUMOUR.test(lower) && TUMOUR_TYPES.filter((re) => re.test(lower)).length < 2;
  };
}

/**
 * A menopausal status named in a sentence about pregnancy or contraception (round 8):
 * "post-menopausal, surgically sterile, or using … birth control", "post-menopausal status or a
 * negative pregnancy test" define who cannot become pregnant; they are no breast-cancer
 * population. Round 12 (blind round 11): a laboratory definition of it ("luteinizing hormone and
 * follicle-stimulating hormone levels in the post-menopausal range") belongs to the same
 * definition.
 */
const REPRODUCTIVE =
  /\bchild-?\s?bearing\b|\bcontracepti\w*|\bbirth control\b|\bpregnan\w*|\bsteril\w*|\bwocbp\b|\bfertil\w*|\bhcg\b|\bbreast-?\s?feeding\b|\bfsh\b|\bfollicle[\s-]stimulating\b|\bluteini[sz]ing\b|\bmenopausal range\b/;
/**
 * Session 12: every menopausal status named together ("Adult females (pre-/peri-/ and
 * post-menopausal), and adult males"): no status is required.
 */
const EVERY_MENOPAUSAL_STATUS =
  /\bpre-?\s?(?:\/|menopausal\b)[^.;]{0,40}\bpost-?\s?menopausal\b|\bpost-?\s?menopausal\b[^.;]{0,40}\bpre-?\s?menopausal\b/;
const notReproductive = (ctx: MatchContext): boolean =>
  !REPRODUCTIVE.test(ctx.item) && !EVERY_MENOPAUSAL_STATUS.test(ctx.sentence.lower);

/**
 * A relative's cancer (round 8): "Lynch syndrome + 1 family PDAC", "a first-degree relative with
 * pancreatic adenocarcinoma" is a family history, not the patient's histology.
 */
const RELATIVE =
  /\bfamily\b|\brelatives?\b|\bfirst-?\s?degree\b|\bsecond-?\s?degree\b|\bkindreds?\b/;

/**
 * A share of the enrolment (round 11b): "The overall percentage of subjects with mucosal melanoma
 * will not exceed 22%", "no more than 10 patients with squamous histology will be enrolled": a
 * quota of the trial, no requirement or exclusion of the patient.
 */
const QUOTA =
  /\b(?:percentage|proportion|share|number|maximum|max\.?|up to|no more than|not more than|at most)\b[^.;]{0,80}\b(?:will not exceed|not (?:to )?exceed|limited to|capped|be enrolled|be included|be randomi[sz]ed|of (?:the )?(?:patients|participants|subjects|enrol\w*))\b|\bwill not exceed\b|\bcapped at\b/;

/**
 * A histology named as one example of an eligible disease (round 11b): "non-small cell lung
 * cancer (e.g. adenocarcinoma, squamous cell carcinoma …)", "(such as squamous …)", "indications
 * include, but are not limited to, … cervical squamous carcinoma …": the disease
 * is required, not the example's histology. "(e.g." may end the normalised sentence before it,
 * so the item is read up to the mention.
 */
const EXAMPLE_OPEN =
  /\binclud\w*,?\s+but\s+(?:are\s+|is\s+)?not\s+limited\s+to\b[^.;]*$|\((?:e[.,]?\s?g\b[.,]?|for example|for instance|such as|including)[^()]*$|(?:\bsuch as|\be[.,]\s?g\b[.,]?|\bfor example|\bfor instance)\s[^.;()]*$/;

/** The item's text up to a position of the sentence. */
function itemBefore(ctx: MatchContext, start: number): string {
  const { lower } = ctx.sentence;
  const at = ctx.item.indexOf(lower);
  return at < 0 ? lower.slice(0, start) : ctx.item.slice(0, at + start);
}

/** Whether a histology mention is the patient's, not a quota's or an example's. */
function histologyOfPatient(ctx: MatchContext, start: number): boolean {
  const { lower } = ctx.sentence;
  if (QUOTA.test(lower)) {
    return false;
  }
  if (ctx.section !== 'inclusion') {
    return true;
  }
  return !EXAMPLE_OPEN.test(itemBefore(ctx, start).slice(-160));
}

/**
 * The sites of a melanoma, which an author coordinates before one "melanoma" (round 10c):
 * "ocular or mucosal melanoma", "acral, uveal or mucosal melanoma", "ocular/mucosal or other
 * non-cutaneous melanoma", "Ocular (uveal) or mucosal melanoma", "mucosal or with a primary
 * ocular melanoma" name each site's melanoma, as "melanoma of uveal/ocular origin" does.
 */
const MELANOMA_SITE =
  '(?:uveal|o(?:c)?cular|intra-?ocular|choroidal|conjunctival|iris|mucosal|acral(?: lentiginous)?|(?:non-?\\s?)?cutaneous|non-?\\s?acral)';
const ASIDE_SITE = '(?:\\s*\\([^()]{0,40}\\))?';
const SITE_JOIN = `${ASIDE_SITE}\\s*(?:,\\s*(?:(?:or|and)\\s+)?|\\/\\s*|(?:or|and)\\s+)(?:with\\s+(?:an?\\s+)?)?(?:(?:primary|other)\\s+)*`;
const MELANOMA_HEAD = `${ASIDE_SITE}\\s+(?:primary\\s+)?(?:malignant\\s+)?melanomas?\\b`;
const MELANOMA_CHAIN = `(?:${SITE_JOIN}${MELANOMA_SITE}\\b)+${MELANOMA_HEAD}`;

/**
 * One site's melanoma: "uveal melanoma" (the match holds "melanoma", so what is written after it
 * reads as before), a site coordinated with others before one "melanoma" (the match is the site,
 * so that "cutaneous, acral or mucosal melanoma" still reads as a list of alternatives), or
 * "melanoma of uveal origin".
 */
function melanomaOf(site: string): RegExp {
  return new RegExp(
    `\\b${site}\\b(?:${MELANOMA_HEAD}|(?=${MELANOMA_CHAIN}))|\\bmelanomas? of (?:the )?(?:${MELANOMA_SITE}\\s*(?:\\/|,|or)\\s*)?${site}\\b`,
    'g',
  );
}
/** The sites and the "melanoma" after a coordinated site's match. */
const CHAIN_REST = new RegExp(`^${MELANOMA_CHAIN}`);

/**
 * A coordinated site's melanoma that the sentence then permits ("patients with mucosal and
 * acral melanoma are eligible"): the permission follows the shared "melanoma", past the
 * conjunction that ends the site's clause, so it is looked for here.
 */
function notPermittedChain(ctx: MatchContext, start: number, end: number): boolean {
  const lower = ctx.sentence.lower;
  if (ctx.section === 'inclusion' && !single()(ctx)) {
    return false;
  }
  const chain = CHAIN_REST.exec(lower.slice(end));
  if (!chain) {
    // "Patients with melanoma of cutaneous (including acral) or mucosal (including conjunctival)
    // origin are eligible" (round 11b): the permission follows the sites and their asides.
    return !(
      lower.startsWith('melanoma', start) &&
      PERMISSION.test(
        lower
          .slice(end)
          .replace(/\([^()]*\)/g, ' ')
          .split(/[;.]/)[0],
      )
    );
  }
  const tail = lower.slice(end + chain[0].length).split(/[;.()]/)[0];
  return !PERMISSION.test(tail);
}

/** "Non-cutaneous melanomas", "non-skin melanoma": uveal or mucosal (see the concepts). */
const NON_CUTANEOUS = /\bnon-?\s?(?:cutaneous|skin) (?:malignant )?melanomas?\b/g;

function subtype(
  key: Concept['key'],
  triggers: string[],
  re: RegExp,
  extra: Partial<Concept> = {},
): Concept {
  const { accept, ...rest } = extra;
  return {
    key,
    triggers,
    re,
    mode: 'bool',
    group: 'histology',
    ...rest,
    accept: (ctx, start, end) =>
      !RELATIVE.test(ctx.sentence.lower) &&
      histologyOfPatient(ctx, start) &&
      (accept ? accept(ctx, start, end) : true),
  };
}

export const subtypeConcepts: Concept[] = [
  subtype(
    'nsclc',
    ['small', 'nsclc'],
    /\bnon[\s-]?small[\s-]?cell (?:lung )?(?:cancer|carcinoma)?|\bnsclc\b/g,
    { only: 'inclusion', accept: single() },
  ),
  subtype(
    'sclc',
    ['small', 'sclc'],
    /(?<!non[\s-]?)\bsmall[\s-]?cell (?:lung )?(?:cancer|carcinoma|components?|types?|histolog\w*|transformation)\b|\bsmall[\s-]?cell(?= and non)|\bsclc\b/g,
    {
      accept: single(),
    },
  ),
  subtype('adenocarcinoma', ['adenocarcinoma', 'pdac'], /\badenocarcinoma\b|\bpdac\b/g, {
    accept: single(),
  }),
  // Named beside squamous and adenocarcinoma in histology lists: an alternative of its own.
  // Session 10 (blind round 16): "Mixed adenosquamous carcinomas with predominantly squamous
  // component": only the mixed tumours of one composition, which the questionnaire does not ask.
  subtype('adenosquamous', ['adenosquamous'], /\badenosquamous\b/g, {
    accept: single(),
    qualifier: /\bpredominant(?:ly)?\b|\bmainly\b|\bmostly\b/,
  }),
  subtype(
    'squamous',
    ['squamous'],
    /\bsquamous\b(?![\s-]*(?:cell )?(?:carcinoma |cancer )?(?:of (?:the )?)?(?:skin|head|cervix|cervical|anal|anus|vulva))/g,
    {
      accept: (ctx, start, end) =>
        !/^[\s-]*(?:cell )?(?:carcinoma|cancer)s? (?:of (?:the )?)?(?:skin|head|cervix)/.test(
          ctx.sentence.lower.slice(end, end + 40),
        ) &&
        // "squamous dysplasia", "squamous intraepithelial lesion": a precursor, not the histology.
        !PRECURSOR.test(ctx.sentence.lower.slice(end, end + 40)) &&
        // Session 10: "with predominantly squamous component": a part of a mixed tumour.
        !/^[\s-]*(?:cell\s+)?(?:components?|elements?|features?|differentiation)\b/.test(
          ctx.sentence.lower.slice(end, end + 40),
        ) &&
        !/\b(?:basal|skin|cutaneous)\b[^.;]{0,20}$/.test(
          ctx.sentence.lower.slice(Math.max(0, start - 30), start),
        ),
    },
  ),
  subtype('tnbc', ['triple', 'tnbc'], /\btriple[\s-]negative\b|\btnbc\b/g),
  subtype('ibc', ['inflammatory'], /\binflammatory breast (?:cancer|carcinoma)\b/g),
  subtype('postmenopausal', ['menopaus'], /\bpost-?\s?menopausal\b/g, {
    group: 'menopause',
    accept: notReproductive,
  }),
  subtype('premenopausal', ['menopaus'], /\bpre-?\s?menopausal\b/g, {
    group: 'menopause',
    accept: notReproductive,
  }),
  subtype(
    'crpc',
    ['castrat', 'crpc', 'hormone-refractory', 'hormone refractory'],
    /\bcastrat(?:ion|e)[\s-]resistant\b|\bm?crpc\b|\bhormone[\s-]refractory\b/g,
    { group: 'prostate' },
  ),
  subtype(
    'cspc',
    ['castrat', 'hormone-sensitive', 'hormone sensitive', 'cspc', 'hspc'],
    /\bcastrat(?:ion|e)[\s-]sensitive\b|\bhormone[\s-]sensitive\b|\bm?h?cspc\b|\bm?hspc\b/g,
    { group: 'prostate' },
  ),
  subtype('uveal_melanoma', ['melanoma'], melanomaOf('(?:uveal|o(?:c)?cular|choroidal)'), {
    group: 'melanoma',
    accept: notPermittedChain,
  }),
  // Round 12 (blind round 13): "a melanoma originating in the choroid or in the ciliary body".
  subtype(
    'uveal_melanoma',
    ['choroid', 'ciliary', 'uvea'],
    /\bmelanomas?\s+(?:originating|arising|located)\s+(?:in|from)\s+(?:the\s+)?(?:choroid|ciliary body|uvea|uveal tract)\b/g,
    { group: 'melanoma' },
  ),
  subtype('mucosal_melanoma', ['melanoma'], melanomaOf('mucosal'), {
    group: 'melanoma',
    accept: notPermittedChain,
  }),
  subtype('acral_melanoma', ['melanoma'], melanomaOf('acral(?: lentiginous)?'), {
    group: 'melanoma',
    accept: notPermittedChain,
  }),
  // Session 13: a cutaneous melanoma "(including … melanoma of unknown primary)", "(melanoma of
  // unknown origin is accepted)" admits a melanoma the questionnaire does not ask for: qualified.
  subtype('cutaneous_melanoma', ['melanoma'], melanomaOf('cutaneous'), {
    group: 'melanoma',
    accept: notPermittedChain,
    qualifier: /\bunknown (?:primary|origin)\b/,
  }),
  // Round 11b: the lineage of an acute lymphoblastic leukaemia ("B-ALL", "B-cell precursor ALL",
  // "T-cell acute lymphoblastic leukemia"); a mature B-cell ALL (Burkitt) is no B-ALL of the
  // question. Only an ALL trial keeps them (`foreignProperties`).
  subtype(
    'b_cell_all',
    ['b-all', 'b-cell', 'b cell', 'bcp', 'pre-b', 'lineage'],
    /\bb-all\b|\bb[\s-]cell (?:precursor )?(?:acute lymphoblastic leuka?emia|all\b|lymphoblastic leuka?emia)|\bbcp-?all\b|\bpre-?b[\s-](?:cell )?(?:all\b|acute lymphoblastic leuka?emia)|\bb-?lineage (?:all\b|acute lymphoblastic leuka?emia)/g,
    {
      group: 'all_lineage',
      accept: (ctx, start) =>
        !/\bmature\s+$/.test(ctx.sentence.lower.slice(Math.max(0, start - 8), start)),
    },
  ),
  subtype(
    't_cell_all',
    ['t-all', 't-cell', 't cell', 'lineage'],
    /\bt-all\b|\bt[\s-]cell (?:acute lymphoblastic leuka?emia|all\b|lymphoblastic leuka?emia)|\bt-?lineage (?:all\b|acute lymphoblastic leuka?emia)/g,
    { group: 'all_lineage' },
  ),
  // Round 11b: acute promyelocytic leukaemia (an AML subtype; only an AML trial keeps it).
  subtype('apl', ['promyelocytic', 'apl'], /\bacute promyelocytic leuka?emia\b|\bapl\b(?!-)/g),
  // Round 11b: a clear-cell renal cell carcinoma; "with or without a clear cell component" is none.
  subtype(
    'clear_cell_rcc',
    ['clear', 'ccrcc'],
    /\bclear[\s-]cell (?:renal cell (?:carcinoma|cancer)|rcc|renal (?:carcinoma|cancer)|kidney cancer)\b|\bccrcc\b/g,
    {
      accept: (ctx, start) =>
        !/\bwith or without (?:an?\s+)?(?:[\w-]+\s+)?$/.test(
          ctx.sentence.lower.slice(Math.max(0, start - 40), start),
        ),
    },
  ),
  // "Non-cutaneous melanomas", "non-skin melanoma" in the exclusion list (round 10c): the uveal
  // and the mucosal ones are excluded (acral melanoma is a cutaneous one). In inclusion it names
  // either of them (no rule).
  subtype('uveal_melanoma', ['melanoma'], NON_CUTANEOUS, {
    group: 'melanoma',
    only: 'exclusion',
  }),
  subtype('mucosal_melanoma', ['melanoma'], NON_CUTANEOUS, {
    group: 'melanoma',
    only: 'exclusion',
  }),
];

export const subtypePatterns: FamilyPatterns = { concepts: subtypeConcepts };

/**
 * What a histology key says of the cancer, by question (round 11b): its lineage (melanoma or
 * carcinoma), a melanoma's site (acral melanoma is a cutaneous one: the questionnaire answers
 * both), a lung cancer's type, a carcinoma's histology, a prostate cancer's castration status.
 * Two keys that answer one question differently cannot both describe one patient's cancer (a
 * mucosal melanoma is no cutaneous one, a squamous cell carcinoma no adenocarcinoma, no melanoma
 * a carcinoma); NSCLC and adenocarcinoma, or CRPC and adenocarcinoma, can.
 */
const LINEAGE: Partial<Record<CriterionKey, Record<string, string>>> = {
  cutaneous_melanoma: { lineage: 'melanoma', site: 'cutaneous' },
  acral_melanoma: { lineage: 'melanoma', site: 'cutaneous' },
  uveal_melanoma: { lineage: 'melanoma', site: 'uveal' },
  mucosal_melanoma: { lineage: 'melanoma', site: 'mucosal' },
  nsclc: { lineage: 'carcinoma', lung: 'nsclc' },
  sclc: { lineage: 'carcinoma', lung: 'sclc' },
  adenocarcinoma: { lineage: 'carcinoma', histology: 'adenocarcinoma' },
  squamous: { lineage: 'carcinoma', histology: 'squamous' },
  adenosquamous: { lineage: 'carcinoma', histology: 'adenosquamous' },
  crpc: { lineage: 'carcinoma', castration: 'crpc' },
  b_cell_all: { lineage: 'leukemia', all: 'b' },
  t_cell_all: { lineage: 'leukemia', all: 't' },
  clear_cell_rcc: { lineage: 'carcinoma', rcc: 'clear_cell' },
  cspc: { lineage: 'carcinoma', castration: 'cspc' },
};

/** Whether one cancer can be both: no question answered differently. */
function compatible(a: CriterionKey, b: CriterionKey): boolean {
  const x = LINEAGE[a] ?? {};
  const y = LINEAGE[b] ?? {};
  return Object.keys(x).every((q) => y[q] === undefined || y[q] === x[q]);
}

/**
 * An inclusion item listing the eligible histologic types (round 11b): "Eligible histologic
 * epithelial cell types: high grade serous adenocarcinoma, …, undifferentiated carcinoma, …": the
 * trial admits each listed type, so a histology another item names ("epithelial adenocarcinoma of
 * ovarian … origin") is one of them, not a requirement for every patient.
 */
const ELIGIBLE_TYPES =
  /\b(?:eligible|allowed|permitted|acceptable|accepted)\s+(?:[\w-]+\s+){0,3}?(?:histolog\w*|histotypes?|(?:cell\s+)?types?|subtypes?)\s*(?::|include|are)[^.;]*,[^.;]*,/;

/** Every melanoma site: a group naming them all ("cutaneous, uveal, acral or mucosal melanoma") excludes none. */
const MELANOMA_SITES = ['cutaneous', 'uveal', 'mucosal'];

/**
 * Histologies no one patient has at once, each required in the trial's inclusion (round 11b):
 * "cutaneous melanoma" in one cohort's list and "mucosal melanoma" in the next (the cohorts'
 * headings lost in the record), "Cohort A: mucosal melanoma … Cohort D: squamous cell
 * carcinoma", "Ocular melanoma …; Mucosal melanoma" as a list of eligible types. They are the
 * alternatives of the trial's populations: no one of them holds for every patient, so none is
 * confident (as `alternativeRanges` reads two stage ranges). So is a histology of a trial that
 * lists its eligible types (`ELIGIBLE_TYPES`), and a group of every melanoma site.
 */
export function alternativeHistologies(
  rules: EligibilityRule[],
  inclusion: string[],
): EligibilityRule[] {
  const histology = (r: EligibilityRule): boolean =>
    r.section === 'inclusion' &&
    r.kind === 'required' &&
    r.source === 'text' &&
    LINEAGE[r.key] !== undefined;
  const keys = [
    ...new Set(rules.filter((r) => histology(r) && !r.anyOf?.length).map((r) => r.key)),
  ];
  const listed = inclusion.some((item) => ELIGIBLE_TYPES.test(item));
  const alternative = (r: EligibilityRule): boolean => {
    if (r.anyOf?.length) {
      const sites = [r.key, ...r.anyOf].map((k) => LINEAGE[k]?.site);
      return MELANOMA_SITES.every((site) => sites.includes(site));
    }
    return listed || keys.some((other) => !compatible(r.key, other));
  };
  return rules.map((r) =>
    histology(r) && alternative(r) ? { ...r, confidence: 'low', reading: 'list' } : r,
  );
}

/**
 * A histology or biomarker excluded in both lists (round 11b): "non-squamous NSCLC" in the
 * inclusion and "squamous or predominantly squamous histology" in the exclusion, "tumours must
 * have no EGFR or ALK aberrations" and "NSCLC subjects with EGFR or ALK aberrations" state one
 * rule, the exclusion list's (as the labels record it); the inclusion's copy is dropped when the
 * exclusion list states it plainly (a qualified or low copy there leaves the inclusion's reading
 * as it is).
 */
const restatable = (key: CriterionKey): boolean =>
  LINEAGE[key] !== undefined || CRITERIA[key].family === 'biomarker';

export function restatedExclusions(rules: EligibilityRule[]): EligibilityRule[] {
  const plainExcluded = new Set(
    rules
      .filter(
        (r) =>
          r.section === 'exclusion' &&
          r.kind === 'excluded' &&
          r.source === 'text' &&
          restatable(r.key) &&
          !r.anyOf?.length &&
          !r.qualified &&
          r.confidence !== 'low',
      )
      .map((r) => r.key),
  );
  return rules.filter(
    (r) =>
      !(
        r.section === 'inclusion' &&
        r.kind === 'excluded' &&
        r.source === 'text' &&
        !r.anyOf?.length &&
        plainExcluded.has(r.key)
      ),
  );
}
