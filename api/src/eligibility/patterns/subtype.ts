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
function notPermittedChain(ctx: MatchContext, _start: number, end: number): boolean {
  const lower = ctx.sentence.lower;
  const chain = CHAIN_REST.exec(lower.slice(end));
  if (!chain) {
    return true;
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
  subtype('uveal_melanoma', ['melanoma'], melanomaOf('(?:uveal|o(?:c)?cular|choroidal)'), {
    group: 'melanoma',
    accept: notPermittedChain,
  }),
  subtype('mucosal_melanoma', ['melanoma'], melanomaOf('mucosal'), {
    group: 'melanoma',
    accept: notPermittedChain,
  }),
  subtype('acral_melanoma', ['melanoma'], melanomaOf('acral(?: lentiginous)?'), {
    group: 'melanoma',
    accept: notPermittedChain,
  }),
  subtype('cutaneous_melanoma', ['melanoma'], melanomaOf('cutaneous'), {
    group: 'melanoma',
    accept: notPermittedChain,
  }),
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
