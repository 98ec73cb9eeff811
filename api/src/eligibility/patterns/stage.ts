import type { Concept, FamilyPatterns, Finding, MatchContext } from './types';

/**
 * Stage ranges over the tumor_stage encoding (0; 1.1 IA, 1.2 IB; 2.1 IIA, 2.2 IIB; 3.1 IIIA,
 * 3.2 IIIB, 3.3 IIIC; 4 IV) and the metastatic / resectable / measurable flags.
 */

const ROMAN_VALUE: Record<string, number> = {
  i: 1,
  ii: 2,
  iii: 3,
  iv: 4,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
};
// Round 10: IIID (melanoma, AJCC 8) is above IIIC, the questionnaire's highest stage III: read
// as IIIC (a lower bound of IIID then admits IIIC, a missed exclusion, never a wrong one).
const SUB: Record<string, number> = { a: 0.1, b: 0.2, c: 0.3, d: 0.3 };
const TOKEN = '(?:iv|i{1,3}|[1-4])[a-d]?\\d?';
/** "stage IIIB or IV", "stages II-III", "stage IIA, IIB and III". */
const STAGED = new RegExp(
  `\\bstages?\\s*(${TOKEN}(?:\\s*(?:-|to|or|and|,|, or|, and|through)\\s*(?:stage\\s*)?${TOKEN})*)\\b`,
  'g',
);
/** "(IIIb-IV)", "(IV)" after a diagnosis. */
const BRACKETED = new RegExp(`\\((${TOKEN}(?:\\s*-\\s*${TOKEN})?)\\)`, 'g');
const TOKENS = new RegExp(`${TOKEN}`, 'g');
/** A stage of something else, or an allowance ("stage I endometrial cancer allowed"). */
const OTHER_STAGE =
  /\b(?:clinical|pathologic|yp|ypt|t|n|m)\s*$|\b(?:bclc|ann arbor|figo|iss|r-iss|durie)\b/;

/**
 * A stage that bounds only one alternative of the sentence (round 3): "stage IV or unresectable",
 * "locally advanced or metastatic (stage IV)", "stage IIIB-IV or recurrent": a patient of the
 * other alternative has another stage, so the range is read with a low confidence.
 */
const RECURRENCE_ALTERNATIVE =
  /\bor\s+(?:[\w-]+\s+){0,2}(?:recurren\w*|relapsed|persistent)\b|\b(?:recurren\w*|relapsed|persistent)\s+(?:[\w-]+\s+){0,2}or\b/;
const EXTENT_OR_BEFORE =
  /\b(?:unresectable|inoperable|advanced|recurren\w*|relapsed|localized|local)\b[^;()]{0,12}?\bor\s+(?:[\w-]+\s+){0,2}\(?\s*$/;
/**
 * Round 10: "stage IIIC-IV unresectable or metastatic melanoma": an "or" between two extents
 * written after the stage joins what the stage describes, so the words before it are no extent.
 */
const EXTENT_OR_AFTER =
  /^\s*\)?\s*(?:(?!(?:unresectable|inoperable|metastatic|advanced|locally)\b)[\w-]+\s+){0,2}?,?\s*or\s+(?:[\w-]+\s+){0,2}?(?:unresectable|inoperable|locally advanced|advanced|recurren\w*|relapsed|metastatic|persistent)\b/;

/**
 * A stage admitted under a condition, then another stage (round 8): "Stage 3 non eligible for
 * chemoradiotherapy or stage 4": one alternative holds only with a state the questionnaire does
 * not ask, so the range is qualified. Without a second stage ("stage III not suitable for
 * surgery") the range is a plain bound.
 */
const STAGE_CONDITION_AFTER =
  /^\s*(?:[\w-]+\s+){0,3}?(?:non[- ]?eligible|not eligible|ineligible|unfit|not fit|not (?:a )?candidates?|not suitable|unsuitable|not amenable)\b[^;]{0,80}\bor\s+(?:[\w-]+\s+){0,2}stages?\b/;

const SUBSTAGE_LIST = /\b(i{1,3}|iv)([a-d]) or ([a-d])\b/g;
/**
 * Sub-stages written as letters after the stage (round 10): "stage III (B/C/D)" (normalised
 * "iii (b or c or d)"), "stage IIb-c", "IIIB-D": the letters are sub-stages of that stage.
 */
const SUBSTAGE_BRACKET = /\b(i{1,3}|iv)\s*\(\s*([a-d](?:\s*(?:or|,|and)\s*[a-d])*)\s*\)/g;
const SUBSTAGE_RANGE = /\b(i{1,3}|iv)([a-d])\s*-\s*([a-d])\b/g;
/**
 * "Metastatic or stage IV" (round 10): the stage is another word for the extent the metastatic
 * rule reads, one alternative of the sentence, so the range is read with a low confidence.
 */
const METASTATIC_OR_BEFORE = /\bmetastatic\s+(?:disease\s+)?or\s+$/;
/**
 * A stage of one disease then another disease as an alternative (round 10): "unresectable stage
 * III or IV melanoma or other solid tumor": the other tumour's patients have no stage bound.
 */
const OTHER_TUMOUR_AFTER =
  /^\s*(?:[\w-]+\s+){0,3}?,?\s*or\s+(?:an?\s+|any\s+)?(?:other|another)\s+(?:[\w-]+\s+){0,2}?(?:tumou?rs?|cancers?|malignanc\w*|neoplasms?)\b/;
/**
 * A stage named as the condition of another requirement (round 10): "imaging of all sites of
 * resected disease in the setting of stage IIIB/C/D or stage IV disease" bounds nothing.
 */
const STAGE_SETTING_BEFORE =
  /\b(?:in the setting of|in (?:the )?case of|in the event of)\s+(?:[\w-]+\s+){0,2}$/;
/**
 * A stage alternative limited to few metastases (round 10): "resectable stage IIIB-D or
 * oligometastatic stage IV": the number of metastases is not asked, so the range is qualified.
 */
const OLIGO_BEFORE = /\b(?:oligo-?\s?metasta\w*|limited)\s+(?:[\w-]+\s+)?$/;
/**
 * A stage then another population joined by "and" or "or" (round 11a): "cancer of the cervix of
 * stage I/II and post-radiotherapy cervix patients": the other patients have no stage bound, so
 * the range is one alternative, read with a low confidence.
 */
const OTHER_POPULATION_AFTER =
  /^\s*(?:[\w-]+\s+){0,3}?(?:and|or)\s+(?:[\w-]+\s+){1,5}?(?:patients|participants|subjects)\b/;
/**
 * An extent written between two stages (round 11a): "stage IIID unresectable/IV" (normalised
 * "stage iiid unresectable or iv"): the extent limits the first stage only, so both stages are
 * read and the range is qualified, like a stage admitted under a condition (round 8).
 */
const EXTENT_BETWEEN_STAGES = new RegExp(
  `^\\s*(?:unresectable|inoperable|non-?resectable|metastatic|advanced)\\s+or\\s+(?:stage\\s*)?(${TOKEN})\\b`,
);

/** Expands the sub-stage letters (above) to whole sub-stages. */
function expandSubstages(lower: string): string {
  let out = lower
    .replace(SUBSTAGE_BRACKET, (_, stage: string, letters: string) =>
      (letters.match(/[a-d]/g) ?? []).map((l) => `${stage}${l}`).join(' or '),
    )
    .replace(SUBSTAGE_RANGE, '$1$2-$1$3');
  // "iiib or c or d": each letter after "or" is a sub-stage of the stage before.
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = out.replace(SUBSTAGE_LIST, '$1$2 or $1$3');
  }
  return out;
}

function bound(token: string, side: 'min' | 'max'): number | null {
  const m = /^(iv|i{1,3}|[1-4])([a-d])?/.exec(token);
  if (!m) {
    return null;
  }
  const base = ROMAN_VALUE[m[1]];
  if (base === 4) {
    return 4;
  }
  if (m[2]) {
    return Math.round((base + SUB[m[2]]) * 10) / 10;
  }
  // A bare "III": from 3 (below IIIA) to IIIC.
  return side === 'min' ? base : base + (base === 1 ? 0.2 : 0.3);
}

function extractStage(ctx: MatchContext): Finding[] {
  if (ctx.section !== 'inclusion' || ctx.alternative) {
    return [];
  }
  if (!ctx.sentence.lower.includes('stage') && !ctx.sentence.lower.includes('(')) {
    return [];
  }
  // "Stage IIIB/C" (normalised "IIIB or C"): the letter after the slash is a sub-stage of IIIB's;
  // so are "stage III (B/C/D)" and "stage IIb-c" (round 10).
  const lower = expandSubstages(ctx.sentence.lower);
  const tokens: string[] = [];
  let alternative = RECURRENCE_ALTERNATIVE.test(lower);
  let qualifiedStage = false;
  for (const re of [STAGED, BRACKETED]) {
    re.lastIndex = 0;
    for (let m = re.exec(lower); m; m = re.exec(lower)) {
      const before = lower.slice(Math.max(0, m.index - 14), m.index);
      if (re === BRACKETED && !/(?:nsclc|cancer|carcinoma|disease|tumou?r|sclc)\s*$/.test(before)) {
        continue;
      }
      if (
        OTHER_STAGE.test(before) ||
        /\b(?:no|not|without|non|except|other than)\b[^;]*$/.test(before) ||
        STAGE_SETTING_BEFORE.test(lower.slice(Math.max(0, m.index - 40), m.index))
      ) {
        continue;
      }
      const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 60);
      if (
        /^\s*(?:[a-z]+\s+){0,3}(?:cancer|carcinoma|tumou?r)?\s*(?:is |are )?(?:allowed|permitted)/.test(
          after,
        )
      ) {
        continue;
      }
      tokens.push(...(m[1].match(TOKENS) ?? []));
      const end = m.index + m[0].length;
      const between = EXTENT_BETWEEN_STAGES.exec(lower.slice(end, end + 40));
      if (between) {
        tokens.push(between[1]);
      }
      qualifiedStage ||=
        between !== null ||
        STAGE_CONDITION_AFTER.test(lower.slice(end, end + 140)) ||
        OLIGO_BEFORE.test(lower.slice(Math.max(0, m.index - 30), m.index));
      alternative ||=
        EXTENT_OR_BEFORE.test(lower.slice(Math.max(0, m.index - 50), m.index)) ||
        METASTATIC_OR_BEFORE.test(lower.slice(Math.max(0, m.index - 30), m.index)) ||
        OTHER_TUMOUR_AFTER.test(lower.slice(end, end + 80)) ||
        OTHER_POPULATION_AFTER.test(lower.slice(end, end + 80)) ||
        EXTENT_OR_AFTER.test(lower.slice(end, end + 40));
    }
  }
  if (tokens.length === 0) {
    return [];
  }
  const mins = tokens.map((t) => bound(t, 'min')).filter((v): v is number => v !== null);
  const maxs = tokens.map((t) => bound(t, 'max')).filter((v): v is number => v !== null);
  if (mins.length === 0) {
    return [];
  }
  const min = Math.min(...mins);
  const max = Math.max(...maxs);
  const finding: Finding = { key: 'tumor_stage', kind: 'range' };
  if (min > 0) {
    finding.min = min;
  }
  // Stage IV has prostate sub-stages 4.1 / 4.2: an upper bound of IV is no bound.
  if (max < 4) {
    finding.max = max;
  }
  if (alternative) {
    finding.confidence = 'low';
    finding.reading = 'list';
  }
  if (qualifiedStage) {
    finding.qualified = true;
  }
  // "stages I-IV": every stage of an invasive cancer, no bound the questionnaire asks (round 8).
  if (finding.min !== undefined && finding.min <= 1 && finding.max === undefined) {
    return [];
  }
  return finding.min === undefined && finding.max === undefined ? [] : [finding];
}

const METASTATIC_ALTERNATIVE =
  /\b(?:advanced|recurrent|relapsed|locoregional|localized|local|persistent)\s*,?\s*(?:or|and or)\s*$/;

/** Spread to lymph nodes named right after "metastatic": regional, not distant (round 6). */
const NODAL_AFTER =
  /^\s*(?:(?:disease|melanoma|cancer|carcinoma|tumou?r|lesions?|spread)\s+)?(?:(?:to|in|involving|limited to|confined to|restricted to|only (?:to|in))\s+)(?:the\s+)?(?:only\s+)?(?:(?:(?:more|fewer|less) than|at least|no more than|up to|[<>]=?)\s*)?(?:(?:one|a single|a|1|two|2|three|3|regional|locoregional|local|draining|sentinel|axillary|inguinal|cervical|pelvic|para-?aortic|ipsilateral|single)\s+){0,3}(?:lymph[\s-]?nodes?|nodes?|nodal|lymph[\s-]?node basins?)\b/;

/**
 * "unresectable, locally advanced or", also with other words of the disease in between
 * ("Unresectable, previously untreated, locally advanced or metastatic", round 8).
 */
const UNRESECTABLE_ADVANCED =
  /\b(?:unresectable|inoperable)\s*,?\s*(?:(?:[\w-]+\s+){0,2}[\w-]+\s*,\s*)?(?:and\s+)?(?:locally\s+)?advanced\s*,?\s*(?:or|and or)\s*$/;

/** A measurable lesion named with a site in the brain (round 10, `kindOf` of the match). */
const CNS_MEASURABLE = /\b(?:intracranial|brain|cns|cerebral)\b/;
/** Measurability of solid tumours or lymphoma (round 10): not a leukaemia's or myeloma's. */
const SOLID_OR_LYMPHOMA = /\bsolid tumou?rs?\b|\blymphomas?\b|\blugano\b/;

/** "metastatic melanoma with palpable nodal disease" (round 10). */
const WITH_NODAL_AFTER =
  /^\s*(?:(?:melanoma|disease|cancer|carcinoma)\s+)?with\s+(?:(?:palpable|clinically [\w-]+|bulky|regional)\s+)?(?:nodal|lymph[\s-]?nodes?)\b/;
/** One lesion counted before "resectable" (round 10): "at least one resectable lesion". */
const LESION_COUNT_BEFORE = /\b(?:at least|a minimum of|one|1|a single|an?)\s+(?:[\w-]+\s+)?$/;
const LESION_AFTER = /^\s*(?:(?:tumou?r|target|metastatic)\s+)?(?:lesions?|deposits?|nodules?)\b/;
/** "at least one lesion that is (surgically) resectable". */
const LESION_THAT_BEFORE =
  /\b(?:one|1|a single|an?)\s+(?:[\w-]+\s+)?lesions?\s+(?:that|which)\s+(?:is|are|will be|can be)\s+(?:[\w-]+\s+)?$/;

/**
 * Round 11a: "metastatic" in the inclusion list that requires no metastatic disease: the
 * last stage of a list starting below it ("stage IIIB to IV metastatic melanoma"), regional
 * spread ("metastatic melanoma AJCC stage III"), resected disease ("metastatic melanoma stage IV,
 * completely resected"), the object of a procedure ("excision or aspiration of metastatic
 * melanoma"), a lesion as a tissue source or a treatment's object ("from a metastatic site",
 * "radiotherapy on metastatic lesions"), a measurability ("measurable metastatic disease") or a
 * cohort's heading ("Patients with metastatic melanoma:"). True when the mention may be read.
 */
function mayRequireMetastatic(lower: string, start: number, end: number): boolean {
  const before = lower.slice(Math.max(0, start - 60), start);
  const after = lower.slice(end, end + 60);
  return !(
    /\bstages?\s*(?:iii|3)[a-d]?\s*(?:-|to|or|and|,|through)\s*(?:stage\s*)?(?:iv|4)\s*$/.test(
      before,
    ) ||
    /^\s*(?:melanoma|cancer|carcinoma|disease)?\s*\(?\s*(?:ajcc\s+)?stage\s*(?:iii|3)[a-d]?\b(?!\s*(?:-|to|or|and|,)\s*(?:stage\s*)?(?:iv|4))/.test(
      after,
    ) ||
    /^[^.;]{0,40}\b(?:completely|fully|surgically)\s+resected\b/.test(after) ||
    /\b(?:excision|resection|biops(?:y|ies)|aspiration|diagnostics?|sampling)\b[^.;]{0,50}\bof\s+$/.test(
      before,
    ) ||
    (/\b(?:from|on|to)\s+(?:a\s+|an\s+|the\s+|one\s+)?$/.test(before) &&
      /^\s*(?:sites?|lesions?|deposits?)\b/.test(after)) ||
    /\bmeasurable\s+$/.test(before) ||
    /^\s*(?:[\w-]+\s*){0,3}:\s*$/.test(after)
  );
}

/** A metastatic subgroup or subtype named in the exclusion list (round 11a, `accept`). */
const EXCLUDED_SUBGROUP =
  /^metastatic (?:(?:[\w-]+ ){0,2}?(?:melanoma|cancer|carcinoma|disease|tumou?r) with (?:an? )?(?:[\w-]+ ){0,3}?(?:mutation|unknown primary)|(?:ocular|uveal|mucosal|acral|conjunctival|choroidal|non-cutaneous)\b)/;

/**
 * Round 11 (read on blind round 9 once retired): a metastasis of another cancer ("metastatic
 * nodule in the lung from an extrapulmonary cancer"): another disease, not the patient's extent.
 */
const FROM_ANOTHER_CANCER =
  /^[^.;]{0,60}?\bfrom (?:an? |the |any )?(?:extra-?[\w-]+|other|another|different|second|non-?[\w-]+) (?:primary )?(?:cancers?|tumou?rs?|malignanc\w*|primar(?:y|ies)|sites?)\b/;

export const stageConcepts: Concept[] = [
  {
    key: 'metastatic',
    triggers: ['metasta', 'distant'],
    // Round 11a: "distant disease", "distant hepatic or extrahepatic disease" name distant
    // metastases too.
    re: /\b(?:metastatic|distant metastas[ie]s)\b|\bmetastatic disease\b|\bdistant (?:(?:hepatic|extra-?hepatic|visceral|nodal|or)\s+){0,3}disease\b/g,
    mode: 'bool',
    group: 'extent',
    // "limited / oligometastatic disease (1 to 2 organs)": a number of metastases the
    // questionnaire does not ask, so the rule never excludes.
    // Round 12: "advanced/metastatic melanoma or relapsed refractory metastatic NSCLC": the extent
    // of the second disease of a list, not of every patient.
    // Round 11a: metastatic disease limited to a state the questionnaire does not ask: "only
    // metastatic lesions less than 8 mm", "distant metastases only located in the CNS",
    // "symptomatic advanced/metastatic visceral spread", "metastatic disease not confirmed
    // histologically".
    qualifier:
      /\b(?:melanoma|cancer|carcinoma|nsclc|sclc|tumou?rs?)\s+or\s+(?:[\w/-]+\s+){0,3}metastatic\b|\b(?:limited|oligo-?)\s*metasta\w*|\boligometasta\w*|\bnot (?:(?:clinically|radiographically|radiologically|and)\s+)+stable\b|\bonly metastatic lesions?\b|\bmetastas[ie]s (?:only located|located only|only) in\b|\bsymptomatic (?:[\w/-]+ ){0,2}?metastatic\b|\bmetastatic (?:disease )?not (?:been )?(?:histologically |pathologically )?(?:confirmed|proven)\b/,
    accept: (ctx, start, end) => {
      const { lower } = ctx.sentence;
      const before = lower.slice(Math.max(0, start - 40), start);
      const after = lower.slice(end, end + 40);
      if (FROM_ANOTHER_CANCER.test(lower.slice(end, end + 100))) {
        return false;
      }
      // Session 10: a lesion's measurability ("unmeasurable locally advanced or metastatic
      // lesion(s), according to RECIST"), a term's definition in brackets ("microsatellitosis
      // (a nest of metastatic tumour cells …)") and another cancer's spread to the organ of the
      // trial ("metastatic carcinoma to breast", a tumour type) are not the patient's extent.
      if (
        /\b(?:un|non-?|not\s+)measurable\b[^.;]{0,60}$/.test(before) ||
        /\(\s*(?:an?|i\.?\s?e\.?,?|defined as)\s+(?:[\w-]+\s+){0,3}$/.test(before) ||
        /^\s*(?:carcinoma|cancer|tumou?rs?|disease)?\s*to\s+(?:the\s+)?(?:breast|ovar(?:y|ies)|skin)\b/.test(
          after,
        )
      ) {
        return false;
      }
      // "(docetaxel) in metastatic setting": the setting of a treatment, not the disease now;
      // "lacking metastatic potential" (round 11a) a property of a tumour type; "radiotherapy on
      // the metastatic site selected" (round 11a) a lesion, not the disease.
      if (
        /^\s*(?:disease\s+)?(?:setting|potential)\b/.test(after) ||
        (ctx.section === 'exclusion' &&
          /^\s*(?:sites?|lesions?)\b/.test(after) &&
          /\b(?:on|to|in|of|from|at)\s+(?:the|a|an|each|any|one)?\s*$/.test(before))
      ) {
        return false;
      }
      // Round 12: a lesion named with it ("including metastatic lesions", "a metastatic lymph
      // node … to be treated"), not the patient's extent.
      if (
        /\b(?:including|incl\.?|such as|e\.g\.,?)\s*$/.test(before) ||
        (/\ban?\s+$/.test(before) &&
          /^\s*(?:lymph\s+)?(?:nodes?|lesions?|deposits?|sites?|foci|focus)\b/.test(after))
      ) {
        return false;
      }
      // "distant metastases are not diagnosed / not present" (round 7): a negation written after
      // the noun, which the clause negation before it does not see; no requirement.
      if (
        /^\s*(?:disease\s+)?(?:is|are|was|were|has been|have been)\s+(?:not|absent|excluded)\b/.test(
          after,
        )
      ) {
        return false;
      }
      // "metastatic to the brain", "metastatic melanoma involving the brain" are brain
      // metastases; "for metastatic disease" a setting.
      if (
        /^\s*(?:disease\s+|melanoma\s+|cancer\s+|carcinoma\s+|tumou?r\s+)?(?:to|in|involving)\s+(?:the\s+)?(?:brain|cns|central|liver|bone|lung)/.test(
          after,
        )
      ) {
        return false;
      }
      // Round 11a: in the inclusion list, "a confirmed diagnosis of metastatic NSCLC" requires
      // it; "since (the) diagnosis of metastatic disease" is a time.
      if (
        /\b(?:for|in the|setting of|after|since)\s+(?:\w+\s+)?$/.test(before) ||
        (ctx.section === 'inclusion'
          ? /\b(?:since|after|from|at|time of|before)\s+(?:the\s+|initial\s+|first\s+)*diagnosis of\s+(?:\w+\s+)?$/
          : /\bdiagnosis of\s+(?:\w+\s+)?$/
        ).test(before)
      ) {
        return false;
      }
      if (ctx.section === 'inclusion' && !mayRequireMetastatic(lower, start, end)) {
        return false;
      }
      if (/\b(?:brain|cns|central nervous system|leptomeningeal|bone|liver)\s*$/.test(before)) {
        return false;
      }
      if (/^\s*(?:brain|cns|central nervous|liver|bone|spinal)\b/.test(after)) {
        return false;
      }
      // "metastatic melanoma to only one lymph node", "metastatic disease limited to the regional
      // nodes" (round 6): regional nodal spread, not distant metastatic disease.
      if (NODAL_AFTER.test(lower.slice(end, end + 80))) {
        return false;
      }
      // Round 10: "metastatic melanoma with palpable nodal disease": regional spread, not
      // distant metastatic disease.
      if (WITH_NODAL_AFTER.test(lower.slice(end, end + 60))) {
        return false;
      }
      // "unresectable, locally advanced or metastatic": the advanced alternative is the
      // unresectable one, so metastatic is the other alternative of one anyOf rule.
      // Round 11a: in the exclusion list, a subgroup of one metastatic disease ("metastatic
      // melanoma with a BRAF V600 mutation / with unknown primary site", "metastatic ocular or
      // mucosal melanoma") excludes that subgroup or subtype, not metastatic disease.
      if (ctx.section === 'exclusion' && EXCLUDED_SUBGROUP.test(lower.slice(start, start + 90))) {
        return false;
      }
      const afterUnresectable = UNRESECTABLE_ADVANCED.test(
        lower.slice(Math.max(0, start - 80), start),
      );
      // Round 11a: in the exclusion list each alternative is excluded ("metastatic or recurrent
      // breast cancer", "advanced or metastatic disease"): metastatic disease is one of them.
      return (
        ctx.section === 'exclusion' ||
        ((afterUnresectable || !METASTATIC_ALTERNATIVE.test(before)) &&
          !/^\s*,?\s*(?:or|and or)\s+(?:locally|advanced|recurrent)/.test(after))
      );
    },
  },
  {
    // Round 11a: "liver metastasis of uveal melanoma", "lung metastases from a solid tumour" in
    // the inclusion list require metastatic disease (brain metastases are their own criterion).
    key: 'metastatic',
    triggers: ['metasta'],
    re: /\b(?:liver|hepatic|lung|pulmonary|bone|osseous|peritoneal|distant)\s+metastas[ie]s\s+(?:of|from)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:melanoma|cancer|carcinoma|adenocarcinoma|tumou?rs?|nsclc)\b/g,
    mode: 'bool',
    group: 'extent',
    only: 'inclusion',
  },
  {
    // Round 11a: "Diagnosed with stage IV breast cancer" in the exclusion list excludes a
    // metastatic (stage IV) disease; a stage IVA/IVB is not read (not always distant).
    key: 'metastatic',
    triggers: ['stage'],
    re: /\bstage\s*(?:iv|4)\b(?![a-c\d.])(?:\s+[\w-]+){0,2}?\s+(?:cancer|carcinoma|disease|melanoma|nsclc|tumou?rs?)\b/g,
    mode: 'bool',
    group: 'extent',
    only: 'exclusion',
    // Session 10 (blind round 15): "Oligometastatic stage IV melanoma" excludes a number of
    // metastases the questionnaire does not ask, not every metastatic patient.
    qualifier: /\b(?:oligo-?\s*|limited\s+)metasta\w*/,
    // Not another cancer's stage ("history of another stage IV cancer", "prior malignancy").
    accept: (ctx, start) =>
      !/\b(?:other|another|second|prior|previous|history of|concurrent|additional)\b[^.;]{0,40}$/.test(
        ctx.sentence.lower.slice(Math.max(0, start - 50), start),
      ),
  },
  {
    key: 'unresectable',
    triggers: ['resect', 'operable', 'surg'],
    re: /\bunresectable\b|\bnon-?resectable\b|\binoperable\b|\bnot (?:amen[d]?able|suitable|eligible|a candidate|candidates?|fit) (?:to|for) (?:curative |radical )?(?:surgical resection|surgery|resection)\b/g,
    mode: 'bool',
    group: 'extent',
  },
  {
    key: 'resectable',
    triggers: ['resectable', 'operable'],
    re: /\b(?<!un|non-|non)resectable\b|\b(?<!in)operable\b/g,
    mode: 'bool',
    group: 'extent',
    accept: (ctx, start, end) => {
      const { lower } = ctx.sentence;
      if (/\b(?:non|un)-?\s?$/.test(lower.slice(Math.max(0, start - 4), start))) {
        return false;
      }
      // "at least one resectable lesion (for TIL generation)", "one lesion that is resectable"
      // (round 10): one lesion to remove, for harvest or a procedure, not a resectable disease.
      return !(
        (LESION_COUNT_BEFORE.test(lower.slice(Math.max(0, start - 30), start)) &&
          LESION_AFTER.test(lower.slice(end, end + 30))) ||
        LESION_THAT_BEFORE.test(lower.slice(Math.max(0, start - 60), start))
      );
    },
  },
  {
    key: 'measurable_disease',
    triggers: ['measur'],
    // Round 10: a measurable lesion in the brain ("at least one intracranial measurable lesion",
    // "a measurable brain metastasis") is matched with its site, so `kindOf` reads it as one kind
    // of measurable disease (qualified): measured by other criteria (RANO-BM), and a patient with
    // measurable disease elsewhere only does not meet it. Round 12: also after "at least one"
    // ("at least one measurable brain metastasis >= 0.5 cm").
    re: /\b(?:intracranial|brain|cns|cerebral) measurable (?:disease|lesions?|tumou?rs?|metastas[ie]s|target lesions?)\b|\bmeasurable (?:intracranial|brain|cns|cerebral) (?:disease|lesions?|tumou?rs?|metastas[ie]s)\b|\bmeasurable (?:disease|lesions?|tumou?rs?|metastas[ie]s|target lesions?)\b|\bat least (?:one|1) (?:\w+ ){0,2}lesions? (?:that|which) can be (?:accurately )?measured\b|\bat least (?:one|1) (?:\w+ )?measurable\b(?! (?:intracranial|brain|cns|cerebral)\b)|\bmeasurable\b(?= [^.;]{0,40}\brecist)/g,
    mode: 'bool',
    negatedExclusionRequired: true,
    kindOf: CNS_MEASURABLE,
    accept: (ctx, start, end) => {
      // Round 10: in a leukaemia or myeloma trial, measurability "for solid tumors" or per Lugano
      // for lymphoma is another part's criterion, not its own patients'. (Bare "RECIST" is not
      // enough: a solid-tumour basket may be mapped to a leukaemia too.)
      if (ctx.heme && SOLID_OR_LYMPHOMA.test(ctx.sentence.lower)) {
        return false;
      }
      const around = ctx.sentence.lower.slice(Math.max(0, start - 20), end + 60);
      // "measurable or non-measurable (bone-only) disease" requires nothing; "measurable
      // disease at diagnosis" is history.
      return (
        !/\bevaluable\b|\bassessable\b|\bnon-?\s?measurable\b/.test(around) &&
        !/^\s*(?:\w+\s+)?at (?:the time of )?(?:initial )?diagnosis\b/.test(
          ctx.sentence.lower.slice(end, end + 40),
        )
      );
    },
  },
];

/** "M0" of a TNM stage, also run together ("T1-T4N0M0", "cT1-4a, N0-3, M0"). */
const TNM_M0 = /(?:\b|(?<=n[0-3x][a-c]?))[cp]?m0\b/;
const TNM_CONTEXT = /\b[cp]?t(?:[0-4x]|is)|\bn[0-3x]|\btnm\b/;
const TNM_M1 = /(?:\b|(?<=n[0-3x][a-c]?))[cp]?m1/;

/**
 * An inclusion naming the TNM stage with M0 requires no distant metastases: metastatic disease
 * is excluded. Not when M1 is named too (either is allowed).
 */
function extractM0(ctx: MatchContext): Finding[] {
  if (ctx.section !== 'inclusion' || ctx.alternative) {
    return [];
  }
  const { lower } = ctx.sentence;
  if (!lower.includes('m0') || !TNM_M0.test(lower) || !TNM_CONTEXT.test(lower)) {
    return [];
  }
  return TNM_M1.test(lower) ? [] : [{ key: 'metastatic', kind: 'excluded' }];
}

function extract(ctx: MatchContext): Finding[] {
  const stage = extractStage(ctx);
  const m0 = extractM0(ctx);
  return m0.length ? [...stage, ...m0] : stage;
}

export const stagePatterns: FamilyPatterns = { concepts: stageConcepts, extract };
