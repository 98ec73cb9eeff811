import type { Section, Sentence } from './patterns/types';

/** One criterion: a bullet, a numbered line or a paragraph, with its nesting. */
export interface CriterionItem {
  section: Section;
  /** The item as written (markdown escapes removed), for the rule's `text`. */
  text: string;
  sentences: Sentence[];
  /** Lower-case normalised item (all sentences). */
  lower: string;
  /** Listed under a parent such as "one of the following:" — an alternative, not a must. */
  alternative: boolean;
  /** Under a cohort's, arm's or part's heading ("Cohort B:", "Part 2 only:"): not the whole trial's. */
  cohort: boolean;
  /**
   * After a "one of the following must be true:" line at the same level (a flat list of
   * alternatives, not nested under it): its rules still read, with a low confidence.
   */
  listed: boolean;
  /** An upper-case lead-in removed from the item ("NSCLC:", "DISEASE CHARACTERISTICS:"), lower case. */
  lead?: string;
  /**
   * The bracketed words normalisation removed ("(NSCLC)", "(melanoma)"), lower case: a disease
   * named only there still scopes the item's rules (round 6).
   */
  asides?: string;
}

const BULLET = /^(\s*)(?:[-*+•]|\(?\d{1,2}\\?[.)]|\(?[a-h]\\?[.)]|\(?[ivx]{1,4}\\?[.)])?\s*(.*)$/;
const HAS_BULLET = /^\s*(?:[-*+•]|\(?\d{1,2}\\?[.)]|\(?[a-h]\\?[.)]|\(?[ivx]{1,4}\\?[.)])\s/;
/** "… ICF. 4. Relapsed …": a numbered item run into the previous line. */
const INLINE_NUMBER =
  /(?<=[.;:%)])\s+(?=\d{1,2}\\?\.\s+[A-Za-z])|(?<=\S)\s+(?=\(\d{1,2}\)\s+[A-Z])/;
const SENTENCE_END =
  /(?<=[.;!?])\s+(?=[A-Z(])|(?<=[a-z)])\s{2,}(?=[A-Z])|(?<=[a-z0-9)])\s+(?=(?:No|Not|At least|Must|Prior) [a-z])/;
/** Cheap tests before the costlier splits. */
const MAY_HAVE_INLINE_NUMBER = /\d\\?\. +[A-Za-z]|\(\d{1,2}\) +[A-Z]/;
const MAY_SPLIT = /[.;!?]\s|\S\s{2,}\S|\s(?:No|Not|At least|Must|Prior) /;
/** "DISEASE CHARACTERISTICS:" and similar upper-case lead-ins of old NCI records. */
const CAPS_LEAD = /^(?:[A-Z][A-Z /&-]{3,}:\s*)+/;
/**
 * "one of the following", and (round 8) "one or more of the following"; (round 11b) "for any of
 * the indications outlined below".
 */
const ALTERNATIVES =
  /\b(?:one|any|either) (?:or more )?of the following\b|\bfollowing (?:\w+ )?(?:indications|tumou?r types|diagnoses|histologies)\b|\b(?:one|any|either) (?:or more )?of the (?:\w+ )?(?:indications|tumou?r types|diagnoses|histologies) (?:outlined|listed|described|given|shown) below\b/i;
/**
 * A basket's list of eligible disease types (round 7): "Eligible disease cancer types:", "Eligible
 * tumor types include:" — each item nested under it is one eligible type ("Squamous cell
 * carcinoma" among "Breast", "Lung" …), not a histology every patient must have. Only nested
 * items: a flat list after it would run to the end of the section and take the trial's own
 * rules (ECOG …) with it.
 */
const TYPE_LIST =
  /\b(?:eligible|permitted|allowed|accepted|included)\s+(?:(?:disease|cancer|tumou?r|solid|malignancy)\s+){0,3}(?:types?|indications|histolog(?:y|ies)|diagnoses)\b[^:]{0,30}:\s*$/i;
/**
 * Session 12: a diseases item closing "These include the following:" before nested items
 * ("… HER3+ solid tumors that are relapsed or refractory …. These include the following:" with
 * "1. Unresectable or metastatic cutaneous melanoma", "2. … mutated EGFR NSCLC", "4. Relapsed or
 * refractory solid tumors …"): each nested item is one eligible disease, an alternative.
 */
const DISEASES_INCLUDE =
  /\b(?:tumou?rs?|cancers?|malignanc\w*|neoplasms?|indications|diseases?)\b[^:]*\b(?:these|which|they) (?:include|includes|are)\b[^:.]{0,20}\bfollowing\s*:\s*$/i;
/** "… including:" / "such as:": what follows are examples, not each a must. */
const EXAMPLES = /\b(?:including|such as|e\.g\.?|for example)\s*:\s*$/i;
/** A heading of one cohort, arm or part: "Cohort B:", "For Arm 2 (EGFR):", "Part 1 only:". */
const COHORT_HEADING =
  /^for (?:the |each )?[^:.]{0,80}\b(?:cohorts?|arms?|modules?)\b(?: (?:only|specific))?[^:.]{0,50}:\s*$|^(?:for |in )?(?:(?:the |all )?(?:patients|participants|subjects) (?:in|enrolled in|of) )?(?:(?:dose[- ])?(?:expansion |escalation )?(?:cohorts?|arms?|parts?|groups?|phase (?:1|2|3|i{1,3})[ab]?)\s*[a-z0-9]{0,3}\b)[^:.]{0,60}:\s*$/i;
/**
 * A heading limiting the items after it to one part or procedure of the study (round 9):
 * "Patients who meet any of the following will be excluded from receiving the tracer infusion:",
 * "the following are criteria for exclusion from the optional genetic research:". Read like a
 * cohort heading: its items are that part's rules, not the trial's.
 */
const PART_HEADING =
  /\bexclu(?:ded|sion) from (?:receiving\b|(?:the |an? |this )?(?:\w+[ -]){0,3}(?:research|sub-?stud(?:y|ies)|part|portion|component|procedures?|biops(?:y|ies)|imaging|infusions?|sampling|analys[ie]s)\b)[^:]{0,80}:\s*$/i;
/**
 * A heading line without a colon that names its arm (round 9): "Eligibility Criteria for
 * Autologous Patients (For Arm 1 only)" before that arm's list.
 */
const ONLY_HEADING =
  /\((?:for |in )?(?:arms?|cohorts?|parts?|groups?) [\w-]+(?: (?:and|or) [\w-]+)? only\)\s*$/i;
/**
 * A heading line without a colon giving the criteria of one subgroup or part (round 10c):
 * "Exclusion Criteria for Participants receiving Pemetrexed and Platinum (Part B and Safety
 * Lead-In Part B)", "Inclusion criteria for patients assigned to arm B": its items are that
 * subgroup's, not the whole trial's ("… for participants in this study" names no subgroup).
 */
// Round 11 (blind round 10, retired): "Inclusion criteria specific to Cohort A1:".
const SUBGROUP_CRITERIA_HEADING =
  /^(?:additional |specific )?(?:inclusion|exclusion|eligibility) criteria (?:for|in|of) (?:(?:the )?(?:participants|patients|subjects) (?:receiving|treated with|assigned to|randomi[sz]ed to)\b|[^:()]{0,80}\((?:[^()]*\s)?(?:arms?|cohorts?|parts?|groups?) [\w-]+\b[^()]*\)\s*$)|^(?:additional )?(?:inclusion|exclusion|eligibility) criteria (?:specific|unique|applicable|particular) (?:to|for) (?:the )?(?:cohorts?|arms?|parts?|groups?) [\w-]{1,6}\b[^:.]{0,40}:?\s*$/i;
/** A heading of one cohort, arm or part, or of one part's or procedure's exclusions. */
/**
 * A line naming one phase's or step's registration (round 11a): "PHASE II REGISTRATION", "Step 2
 * Registration": the items after it are the criteria of that step, not of every patient.
 */
const REGISTRATION_HEADING =
  /^(?:phase|step|part)\s*(?:\d|i{1,3}|iv)[ab]?\s+(?:registration|randomi[sz]ation|enrol+ment)$/i;
/**
 * Session 11: a heading admitting a subgroup on conditions ("Previously treated patients are
 * eligible if:", "Participants with previously treated brain metastases may participate in case
 * they meet the following criteria:"): the items after it are that subgroup's conditions, not
 * every patient's. Session 12: the subject must name a subgroup; "Participants may be enrolled if
 * they meet all of the following criteria at screening:" is the list's own heading.
 */
const ELIGIBLE_IF_HEADING =
  /^(?!(?:all\s+|the\s+)?(?:patients|participants|subjects)\s+(?:are|is|will|may|can|must|should)\b)(?:[\w+/-]+\s+){0,4}(?:patients|participants|subjects)\b[^:.]{0,100}?\b(?:(?:are|is|will be|may be|can be)\s+(?:also\s+)?(?:eligible|included|enrolled|allowed|considered)|may (?:participate|enrol+|join|be included))\s+(?:if|when|provided|in case)\b[^:.]{0,60}:\s*$/i;
/**
 * Session 11: an item led by the cohorts it is for ("Cohorts 5 and 6 only: … stage IV melanoma
 * and" with its numbered conditions nested under it): the nested items are those cohorts' too.
 */
const COHORTS_ONLY_LEAD =
  /^(?:dose[- ])?(?:expansion |escalation )?(?:cohorts?|arms?|parts?|groups?)\s+[\w.-]{1,4}(?:\s*(?:,|and|or|&|-|to)\s*[\w.-]{1,4})*\s+only\s*:/i;
/**
 * Session 12: "Module 1 specific inclusion criteria:", "Cohort A-specific criteria", "Key inclusion
 * criteria only for phase III:": the criteria of one module, cohort, arm, part or phase.
 */
const SPECIFIC_CRITERIA_HEADING =
  /^(?:[\w-]+\s+){0,2}(?:modules?|cohorts?|arms?|parts?|groups?|phases?)\s*[\w.]{1,5}(?:\s*(?:and|,|&|or)\s*[\w.]{1,5})*(?:\s+[\w-]+){0,2}\s*[- ]specific\s+(?:(?:inclusion|exclusion|eligibility)\s+)?criteria\b[^:]{0,40}:?\s*$|^(?:key |additional |specific )?(?:inclusion |exclusion |eligibility )?criteria (?:only )?(?:for|in) (?:the )?(?:phases?|parts?|cohorts?|arms?|groups?|modules?) [\w.-]{1,5}(?: only)?\s*:?\s*$/i;
const partOrCohortHeading = (text: string): boolean =>
  SPECIFIC_CRITERIA_HEADING.test(text) ||
  ELIGIBLE_IF_HEADING.test(text) ||
  COHORT_HEADING.test(text) ||
  PART_HEADING.test(text) ||
  ONLY_HEADING.test(text) ||
  SUBGROUP_CRITERIA_HEADING.test(text) ||
  REGISTRATION_HEADING.test(text);
/**
 * A heading naming a subgroup of patients (round 5): "For ICI-refractory subjects:", "For
 * patients with prior surgery:", "SCLC subjects (Phase 2a Cohort 1 ONLY):" (round 6), "ICI
 * treatment-naive subjects must meet the following criteria:" (round 11c). The items nested under
 * it are that subgroup's rules only.
 */
const SUBGROUP_HEADING =
  /^for (?:(?:the|all|those)\s+)?(?:[\w+/-]+\s+){0,4}(?:patients|participants|subjects|women|men|females|males|those)\b[^:.]{0,80}:\s*$|^(?:[\w+/-]+\s+){1,4}(?:patients|participants|subjects)\b[^:.]{0,80}\b(?:cohorts?|arms?|parts?|phase)\b[^:.]{0,40}:\s*$|^(?!(?:all|the|these|those|eligible|potential|such|each|every)\b)(?:[\w+/-]+\s+){1,4}(?:patients|participants|subjects)\s+(?:must|should|as defined|who)\b[^:.]{0,60}\bfollowing\b[^:.]{0,30}:\s*$/i;
/**
 * An upper-case lead naming one part, cohort, arm or phase (round 10): "PART B: Patients must
 * have measurable disease", "COHORT 2: …". The lead is removed from the item (`CAPS_LEAD`), so
 * the item is marked as that part's here.
 */
const PART_LEAD =
  /(?:^|:\s*)(?:(?:dose[- ])?(?:expansion |escalation )?(?:cohorts?|arms?|parts?|groups?|phase (?:1|2|3|i{1,3})[ab]?)\s*[a-z0-9]{0,3}(?: only)?)\s*:/;
/**
 * Round 11c: an item introducing per-disease requirements ("Per each tumor type shown below, the
 * specific initial standard of care therapies after which the subjects … must have progressed
 * have been included"): the items nested under it are one disease's each (a cohort's).
 */
const PER_TYPE_HEADING =
  /\b(?:per|for) (?:each|every) (?:tumou?r|cancer|disease) types?\b|\bdepending on (?:the )?(?:tumou?r|cancer|disease) type\b/i;
/**
 * Round 12: a line that only names a disease ("1. Malignant Melanoma (MM)", "(Cohort 2 Dose
 * Expansion): Non-Small Cell Lung Cancer (NSCLC)") with items nested under it: the nested items
 * are that disease's (a cohort's).
 */
const DISEASE_HEADING =
  /^(?:(?:\d{1,2}|[a-h])[.)]\s*)?(?:\([^)]{0,40}\)\s*:?\s*)?[a-z][\w\s/,()'-]{0,50}\b(?:cancers?|carcinomas?|melanomas?|nsclc|sclc|tnbc|hnscc|crc|rcc|hcc|lymphomas?|leuka?emias?|myelomas?|sarcomas?|tumou?rs?|neoplasms?)\b[\w\s/,()'-]{0,30}$/i;
const DISEASE_HEADING_VERB =
  /\b(?:must|have|has|had|with|patients?|participants?|subjects?|who|are|is|be|confirmed|diagnosed|documented|histolog\w*)\b/i;
/** A heading for everyone again ("All patients:", "All cohorts:", "General:"). */
// Session 12: "All Tumor Types:" inside a cohort-specific section is still those cohorts'.
const COMMON_HEADING =
  /^(?!all (?:tumou?r|cancer|disease|histolog\w*|solid tumou?r) ?(?:types?|indications)\b)(?:all|general|common|both)\b[^:.]{0,40}:\s*$/i;
/** "Exclusion Criteria" closing an inclusion line without a colon (NCT00006046). */
const TRAILING_EXCLUSION = /(?:key )?exclusion criteria\s*:?\s*$/i;
const MAX_TEXT = 300;
/** "OR", "- or -", "**OR**", "Or:" alone on a line. */
const STANDALONE_OR = /^[\s*_:(-]*or[\s*_:)-]*$/i;

const ROMAN = /^(?:i{1,3}|iv|v)[abc]?(?:\s*-\s*(?:i{1,3}|iv|v)[abc]?)?$/i;
/** Applied to a whole section at once; none of them adds or removes a line break. */
const REPLACEMENTS: [RegExp, string][] = [
  [/\\([<>=*[\]()&_#+.-])/g, '$1'],
  // Round 11 (blind round 11): "StageIIIB/C or IV", a stage glued to its numeral.
  [/\b(stage)(?=(?:i{1,3}|iv)[a-d]?\b)/gi, '$1 '],
  [/[\u2265\u2267]|&gt;=|=>/g, '>='],
  [/[\u2264\u2266]|&lt;=|=</g, '<='],
  [/\uFF1E/g, '>'],
  [/\uFF1C/g, '<'],
  [/[\u2010-\u2015\u2212]/g, '-'],
  [/\uFF08/g, '('],
  [/\uFF09/g, ')'],
  [/\uFF0C/g, ','],
  [/\uFF1B/g, ';'],
  [/\uFF1A/g, ':'],
  [/[\u2018\u2019]/g, "'"],
  [/[\u00A0\t]/g, ' '],
  [/human epidermal growth factor receptor(?: type)?[ -]?2\b/gi, 'HER2'],
  [/\bher-2\b|\berbb2\b/gi, 'HER2'],
  // Round 10b: the full names of EGFR and ALK ("… in the epidermal growth factor receptor (EGFR)
  // gene": the bracketed acronym is dropped below).
  [/\bepidermal growth factor receptor\b/gi, 'EGFR'],
  [/\banaplastic lymphoma kinase\b/gi, 'ALK'],
  [/\blow HER2\b/gi, 'HER2-low'],
  [/\bbrca ?1 *\/ *2\b/gi, 'BRCA1 or BRCA2'],
  [/\bidh ?1 *\/ *2\b/gi, 'IDH1 or IDH2'],
  [/\br\/r\b/gi, 'relapsed or refractory'],
  [/\band *\/ *or\b/gi, 'or'],
  // "relapsed/refractory", "ER/PR", "PD-1/PD-L1": a slash between words is an "or".
  [/([A-Za-z0-9+)]) *\/ *(?=[A-Za-z(])/g, '$1 or '],
];
/**
 * Round 12 (blind round 14): "Stage IIIB, C or D", "stage IIIB/C" (the slash already read as "or"):
 * the letters after a lettered stage share its numeral, written out ("stage IIIB, IIIC or IIID").
 */
const STAGE_LETTERS = /\b(stage\s*)(i{1,3}|iv)([a-d])((?:\s*(?:,|or|and)\s*[a-d](?![\w-]))+)/gi;

/** "(CNS)", "(ECOG)", "(NSCLC)": an acronym in brackets repeats the words before it. */
const ACRONYM = / ?\(([A-Za-z0-9-]{2,9})\)| ?\[([A-Za-z0-9-]{2,9})\]/g;

/** Normalises a text: escapes, symbols, slashes, acronym brackets; line breaks stay. */
export function normalizeBlock(text: string): string {
  let norm = text;
  for (const [re, to] of REPLACEMENTS) {
    norm = norm.replace(re, to);
  }
  norm = norm.replace(
    STAGE_LETTERS,
    (_whole, stage: string, numeral: string, letter: string, rest: string) =>
      `${stage}${numeral}${letter}${rest.replace(/([a-d])$|([a-d])(?=\s*(?:,|or|and))/gi, `${numeral}$1$2`)}`,
  );
  // Roman numerals stay: "(IIIb-IV)" is a stage.
  return norm.replace(ACRONYM, (whole, round?: string, square?: string) =>
    ROMAN.test(round ?? square ?? '') ? whole : '',
  );
}

/** One sentence ready for matching. */
export function normalize(text: string): Sentence {
  const norm = normalizeBlock(text).replace(/\s+/g, ' ').trim();
  return { norm, lower: norm.toLowerCase() };
}

function cleanText(text: string): string {
  const unescaped = text.includes('\\') ? text.replace(/\\([<>=*[\]()&_#+.-])/g, '$1') : text;
  const t = unescaped.replace(/\s{2,}|[\t\n]/g, ' ').trim();
  return t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1).trimEnd()}…` : t;
}

interface RawItem {
  indent: number;
  /** Normalised body, for matching. */
  body: string;
  /** The body as written, for the rule text. */
  shown: string;
  /** Written with a bullet or a number (not a paragraph line). */
  bulleted: boolean;
}

function stripBullet(line: string): { indent: number; body: string; bulleted: boolean } {
  const m = BULLET.exec(line);
  return {
    indent: m ? m[1].length : 0,
    body: (m ? m[2] : line).trim(),
    bulleted: HAS_BULLET.test(line),
  };
}

function rawItems(text: string): RawItem[] {
  const out: RawItem[] = [];
  const shownLines = text.split('\n');
  const normLines = normalizeBlock(text).split('\n');
  const paired = shownLines.length === normLines.length;
  normLines.forEach((line, i) => {
    if (!line.trim()) {
      return;
    }
    const { indent, body, bulleted } = stripBullet(line);
    const shown = paired ? stripBullet(shownLines[i]).body : body;
    if (!body) {
      return;
    }
    const previous = out[out.length - 1];
    // A wrapped line: no bullet and starting in lower case continues the previous item.
    if (previous && !bulleted && /^[a-z]/.test(body)) {
      previous.body += ` ${body}`;
      previous.shown += ` ${shown}`;
      return;
    }
    const inline = MAY_HAVE_INLINE_NUMBER.test(body);
    const parts = inline ? body.split(INLINE_NUMBER) : [body];
    const shownParts = inline ? shown.split(INLINE_NUMBER) : [shown];
    parts.forEach((part, j) => {
      const cleaned = part.replace(/^(?:\d{1,2}\.|\(\d{1,2}\))\s+/, '').trim();
      if (cleaned) {
        const asWritten = parts.length === shownParts.length ? shownParts[j] : part;
        out.push({
          indent,
          body: cleaned,
          shown: asWritten.replace(/^(?:\d{1,2}\\?\.|\(\d{1,2}\))\s+/, '').trim(),
          bulleted: bulleted || j > 0 || cleaned !== part.trim(),
        });
      }
    });
  });
  return out;
}

/** Session 12: an item numbered with a prefix: "I 3. …", "E 12. …", "IC-4 …". */
const PREFIXED_NUMBER = /^(\s*)(?:[A-Z]{1,2}\s?\d{1,2}[a-z]?[.)]|[A-Z]{1,3}-\d{1,2}[.)]?)\s/;
/** Session 12: a line introducing a list of every patient's items (see restartsNumbering). */
const LIST_INTRO =
  /\bfollowing\b|\b(?:including|such as|excluded|as follows)\s*[:：]\s*$|^(?:key |main )?(?:demographic|medical|therapeutic|clinical|laboratory|general|disease|patient|tumou?r|treatment|biological|other)\b[^:]{0,50}\b(?:characteristics|criteria|requirements|conditions|factors|status)\s*[:：]\s*$|\bcriteria for (?:both|all)\b/i;
/** Words naming a cohort, part or subgroup: such a heading may head one group's list. */
const NAMES_A_PART =
  /\b(?:cohorts?|arms?|parts?|phases?|groups?|stages?|modules?|escalation|expansion)\b(?<!\b(?:both|all) (?:phases|parts|cohorts|arms|groups|stages))|\b(?:patients|participants|subjects) (?:with|who|in)\b/i;
/** Forgets the numberings deeper than `depth` (`key` is "depth:n" or "depth:a"). */
function forgetDeeper(last: Map<string, number>, depth: number): void {
  for (const key of [...last.keys()]) {
    if (Number(key.split(':')[0]) > depth) {
      last.delete(key);
    }
  }
}

/**
 * Whether a section's numbered list starts again at 1 at the same depth (round 7): "1. … 11. …"
 * then "1. … 9. …" are the full lists of several cohorts or parts whose headings the record
 * lost, so no item of the section is every patient's rule. Nested lists (a shallower line
 * between) and an "Exclusion criteria" line between do not count.
 */
export function restartsNumbering(text: string): boolean {
  const last = new Map<string, number>();
  // Session 10 (blind round 15): a "1." right after a numbered item ending with a colon ("29.
  // History of other primary malignancies, excluding:", "11. … meeting the following criteria:")
  // starts that item's sub-list, not another cohort's list (session 12: so does one after a
  // heading introducing every patient's items, below).
  let subListNext = false;
  for (const line of text.split('\n')) {
    if (!line.trim()) {
      continue;
    }
    if (/exclusion criteria/i.test(line)) {
      last.clear();
      continue;
    }
    // Session 12: once a line names a cohort's or part's criteria ("Phase 2a Expansion
    // Cohort-Specific Inclusion Criteria:", "Module 2 specific inclusion criteria:"), the
    // headings are written, not lost: the items after it are that part's (`cohortHeading` in
    // splitItems) and the list before it is every patient's, so a numbering that starts again
    // after it is that part's own list.
    const bare = line.replace(/^\s*(?:[*•-]\s+)?/, '').trim();
    if (/[:：]\s*$/.test(bare) ? partOrCohortHeading(bare) : SPECIFIC_CRITERIA_HEADING.test(bare)) {
      return false;
    }
    // Round 11a: also a number or a letter after a bullet ("* 1\. …", "* a. …"), and a lettered
    // list ("a. … d." then "a. … d.") counted apart from a numbered one at the same depth.
    // A numbered item between two lettered lists makes them sub-lists of two items.
    const m = /^(\s*)(?:[*-]\s+)?\(?(?:(\d{1,2})|([a-h]))\\?[.)]\s/i.exec(line);
    if (!m) {
      // Session 12: a bulleted item shallower than a numbered sub-list ends it ("* Measurable
      // disease" with "1. … 2. …" under it, then "* Prior therapy" with its own "1. … 2. …"):
      // the next sub-list is another item's, not another cohort's list. An item numbered with a
      // prefix ("I 3. …", "IC-4 …") ends the sub-lists at its depth too.
      const bullet = /^(\s*)[*•-]\s/.exec(line);
      const prefixed = PREFIXED_NUMBER.exec(line);
      // A bullet ends the numberings deeper than itself, a prefixed item those at its depth too.
      const parentDepth = bullet ? bullet[1].length : prefixed ? prefixed[1].length - 1 : undefined;
      if (parentDepth !== undefined) {
        forgetDeeper(last, parentDepth);
      }
      // A heading that introduces a sub-list of every patient's ("Demographic characteristics:",
      // "The following tumor types are excluded:", "… criteria for both phases:"): the "1." after
      // it starts that sub-list, not another cohort's list.
      subListNext = /[:：]\s*$/.test(bare) && LIST_INTRO.test(bare) && !NAMES_A_PART.test(bare);
      continue;
    }
    const depth = m[1].length;
    const n = m[2] !== undefined ? Number(m[2]) : m[3].toLowerCase().charCodeAt(0) - 96;
    forgetDeeper(last, depth);
    if (m[2] !== undefined) {
      last.delete(`${depth}:a`);
    }
    const key = `${depth}:${m[2] !== undefined ? 'n' : 'a'}`;
    const subList = n === 1 && subListNext;
    subListNext = /[:：]\s*$/.test(line);
    if (subList) {
      continue;
    }
    if (n === 1 && (last.get(key) ?? 0) >= 2) {
      return true;
    }
    last.set(key, n);
  }
  return false;
}

/**
 * Round 11c: a section whose first item is written again further down ("Age >= 18 years old." …
 * then again "Age >= 18 years old.") holds the full lists of several groups whose headings the
 * record lost (an experimental and a control group), like a numbering that starts again at 1.
 */
function repeatsItems(items: RawItem[]): boolean {
  const first = items[0]?.body.trim().toLowerCase() ?? '';
  return first.length >= 15 && items.slice(1).some((i) => i.body.trim().toLowerCase() === first);
}

/**
 * Splits the inclusion and exclusion texts into items. A trailing "Exclusion Criteria" without a
 * colon inside the inclusion text moves the items after it to the exclusion section.
 */
export function splitItems(inclusion: string, exclusion: string): CriterionItem[] {
  const items: CriterionItem[] = [];
  const incItems = rawItems(inclusion);
  const excItems = rawItems(exclusion);
  const sections: [Section, RawItem[], boolean][] = [
    ['inclusion', incItems, restartsNumbering(inclusion) || repeatsItems(incItems)],
    ['exclusion', excItems, restartsNumbering(exclusion) || repeatsItems(excItems)],
  ];
  for (const [startSection, raws, restarted] of sections) {
    let section = startSection;
    // A line that is only "OR" between groups of inclusion items: which group a patient meets
    // is not written per item, so every item of the section is an alternative (round 3).
    const orLine =
      startSection === 'inclusion' && raws.some((r) => STANDALONE_OR.test(r.body.trim()));
    const parents: { indent: number; alternatives: boolean; cohort: boolean }[] = [];
    // A flat list under a cohort heading at the same indent: the heading holds until the next one.
    let cohortHeading: { indent: number } | null = null;
    // A flat list after "one of the following …:" at the same indent: where it ends is not
    // written, so every later item of the section at that indent reads with a low confidence.
    let alternativesHeading: { indent: number; fresh: boolean } | null = null;
    let previousEndsWithOr = false;
    for (const raw of raws) {
      const lead = CAPS_LEAD.exec(raw.body)?.[0].toLowerCase();
      let body = raw.body.replace(CAPS_LEAD, '');
      let shown = raw.shown.replace(CAPS_LEAD, '');
      let switchAfter = false;
      if (
        section === 'inclusion' &&
        /exclusion criteria/i.test(body) &&
        TRAILING_EXCLUSION.test(body)
      ) {
        body = body.replace(TRAILING_EXCLUSION, '');
        shown = shown.replace(TRAILING_EXCLUSION, '');
        switchAfter = true;
      }
      while (parents.length && parents[parents.length - 1].indent >= raw.indent) {
        parents.pop();
      }
      const alternative = section === 'inclusion' && parents.some((p) => p.alternatives);
      const heading =
        /:\s*$/.test(body.trim()) ||
        (!raw.bulleted &&
          (ONLY_HEADING.test(body.trim()) ||
            SUBGROUP_CRITERIA_HEADING.test(body.trim()) ||
            REGISTRATION_HEADING.test(body.trim())));
      if (heading && partOrCohortHeading(body.trim())) {
        // Session 12: a part's heading indented inside an outer cohorts' section ("Phase 2a
        // Expansion Cohort-Specific Inclusion Criteria:" … "   Subjects in Part A:") keeps the
        // outer one, which holds until the section ends.
        cohortHeading =
          cohortHeading && cohortHeading.indent <= raw.indent
            ? cohortHeading
            : { indent: raw.indent };
      } else if (
        cohortHeading &&
        (raw.indent < cohortHeading.indent || (heading && COMMON_HEADING.test(body.trim())))
      ) {
        cohortHeading = null;
      }
      const cohort =
        restarted ||
        (lead !== undefined && PART_LEAD.test(lead)) ||
        parents.some((p) => p.cohort) ||
        (cohortHeading !== null && !(heading && partOrCohortHeading(body.trim())));
      // Nested under the heading (the usual layout): the parents mark the alternatives instead.
      // Round 12 (blind round 13): a heading indented under the item before it ("   AND at least
      // one of the following 7 items:") heads the shallower items that follow it.
      if (alternativesHeading?.fresh && raw.indent < alternativesHeading.indent) {
        alternativesHeading.indent = raw.indent;
      }
      if (
        alternativesHeading &&
        (raw.indent < alternativesHeading.indent ||
          (alternativesHeading.fresh && raw.indent > alternativesHeading.indent))
      ) {
        alternativesHeading = null;
      }
      // Session 12: the next item numbered with a prefix ("I 4. …" after "I 3. … including:" and
      // its flat sub-list) ends the sub-list.
      if (alternativesHeading && !alternativesHeading.fresh && PREFIXED_NUMBER.test(body)) {
        alternativesHeading = null;
      }
      if (alternativesHeading) {
        alternativesHeading.fresh = false;
      }
      // "Hereditary pancreatitis or" / "Peutz-Jeghers syndrome or": items chained by a trailing
      // "or" are alternatives of one another.
      // Round 12 (blind round 14): "… amenable to biopsy and/or surgery OR:" too.
      const endsWithOr = /\bor\s*:?\s*$/i.test(body);
      const listed =
        (alternativesHeading !== null ||
          endsWithOr ||
          previousEndsWithOr ||
          (orLine && section === 'inclusion')) &&
        !alternative;
      previousEndsWithOr = endsWithOr;
      if (body.trim()) {
        const parts = MAY_SPLIT.test(body) ? body.split(SENTENCE_END) : [body];
        const sentences: Sentence[] = [];
        for (const part of parts) {
          const norm = part.replace(/\s{2,}/g, ' ').trim();
          if (norm) {
            sentences.push({ norm, lower: norm.toLowerCase() });
          }
        }
        const asides = [...shown.matchAll(ACRONYM)]
          .map((m) => m[1] ?? m[2])
          .join(' ')
          .toLowerCase();
        items.push({
          section,
          text: cleanText(shown),
          sentences,
          lower: sentences.map((s) => s.lower).join(' '),
          alternative,
          cohort,
          listed,
          ...(lead ? { lead } : {}),
          ...(asides ? { asides } : {}),
        });
      }
      if (
        section === 'inclusion' &&
        heading &&
        (((body.includes('following') || body.includes('below')) && ALTERNATIVES.test(body)) ||
          EXAMPLES.test(body))
      ) {
        alternativesHeading = { indent: raw.indent, fresh: true };
      }
      parents.push({
        indent: raw.indent,
        alternatives:
          DISEASES_INCLUDE.test(body) ||
          ((body.includes('following') || body.includes('below')) && ALTERNATIVES.test(body)) ||
          EXAMPLES.test(body) ||
          TYPE_LIST.test(body),
        // A heading led by its part ("Phase 3: Patients with known CNS lesions must not have any
        // of the following:", round 10c) heads that part's items.
        cohort:
          (heading &&
            (partOrCohortHeading(body.trim()) ||
              SUBGROUP_HEADING.test(body.trim()) ||
              PART_LEAD.test(body.trim().toLowerCase().slice(0, 40)))) ||
          PER_TYPE_HEADING.test(body) ||
          COHORTS_ONLY_LEAD.test(body.trim()) ||
          (DISEASE_HEADING.test(body.trim()) && !DISEASE_HEADING_VERB.test(body)),
      });
      if (switchAfter) {
        section = 'exclusion';
        parents.length = 0;
        cohortHeading = null;
        alternativesHeading = null;
      }
    }
  }
  return items;
}
