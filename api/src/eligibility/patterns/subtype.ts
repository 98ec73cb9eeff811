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
 * population.
 */
const REPRODUCTIVE =
  /\bchild-?\s?bearing\b|\bcontracepti\w*|\bbirth control\b|\bpregnan\w*|\bsteril\w*|\bwocbp\b|\bfertil\w*|\bhcg\b|\bbreast-?\s?feeding\b/;
const notReproductive = (ctx: MatchContext): boolean => !REPRODUCTIVE.test(ctx.item);

/**
 * A relative's cancer (round 8): "Lynch syndrome + 1 family PDAC", "a first-degree relative with
 * pancreatic adenocarcinoma" is a family history, not the patient's histology.
 */
const RELATIVE =
  /\bfamily\b|\brelatives?\b|\bfirst-?\s?degree\b|\bsecond-?\s?degree\b|\bkindreds?\b/;

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
      !RELATIVE.test(ctx.sentence.lower) && (accept ? accept(ctx, start, end) : true),
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
  subtype('adenosquamous', ['adenosquamous'], /\badenosquamous\b/g, { accept: single() }),
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
        !/\b(?:basal|skin)\b[^.;]{0,20}$/.test(
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
  subtype('uveal_melanoma', ['melanoma'], /\b(?:uveal|ocular|choroidal) melanomas?\b/g, {
    group: 'melanoma',
  }),
  subtype('mucosal_melanoma', ['melanoma'], /\bmucosal melanomas?\b/g, { group: 'melanoma' }),
  subtype('acral_melanoma', ['melanoma'], /\bacral(?: lentiginous)? melanomas?\b/g, {
    group: 'melanoma',
  }),
  subtype('cutaneous_melanoma', ['melanoma'], /\bcutaneous melanomas?\b/g, { group: 'melanoma' }),
];

export const subtypePatterns: FamilyPatterns = { concepts: subtypeConcepts };
