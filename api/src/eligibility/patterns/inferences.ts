import type { CriterionKey, EligibilityRule } from '@trialflow/contract';
import type { Finding, MatchContext } from './types';

/**
 * Inferences (issue 14, session 11): rules that follow from an inclusion sentence without being
 * stated in the criterion's own words, so the rule labels (written per criterion) do not cover
 * them and they are calibrated on the judged verdicts instead (`npm run eligibility:calibrate`,
 * `CONFIDENT_INFERENCE_TABLE`). Each is read only from a plain statement for every patient: a
 * sentence with a route for the patients it would exclude gives nothing.
 *
 * - 'pretreated': a treatment the patient must already have had ("progressed after at least one
 *   prior line", "previously treated", "refractory to standard therapy", "must have received
 *   standard first-line therapy"). A newly diagnosed or untreated patient (the questionnaire hides
 *   the treatment history of a new diagnosis) does not meet it: `newly_diagnosed` excluded, any of
 *   `untreated`. Intolerance of a therapy is no route for them (it needs the therapy); "no
 *   standard therapy exists", "ineligible for", "refused" or the investigator's opinion are.
 * - 'advanced': an advanced disease ("advanced solid tumours", "locally advanced or metastatic
 *   NSCLC"), which an early cancer is not: stage IIB at least (`tumor_stage` min 2.2). Locally
 *   advanced cervical cancer starts at IB3, so "locally advanced" of a cervical trial gives nothing.
 */

const SYSTEMIC =
  '(?:therap\\w*|treatments?|regimens?|lines?|chemo\\w*|immunotherap\\w*|inhibitors?|tkis?|icis?|platinum\\w*|anti-?pd-?l?1|pd-?l?1|checkpoint|blockade|antibod\\w*|agents?|standard|soc|standard[- ]of[- ]care)';
/** A treatment had and failed, or a count of prior lines, in one inclusion sentence. */
const PRETREATED = new RegExp(
  [
    '\\b(?:previously|heavily) treated\\b(?! (?:brain|cns|metasta|lesions?))',
    '\\bpre-?treated\\b(?! (?:brain|cns|metasta|lesions?))',
    `\\b(?:failed|failure of|progressed (?:on|after|during|despite|following|while on)|(?:relapsed|refractory)(?:\\s*(?:or|and|and or|/)\\s*(?:relapsed|refractory))? (?:to|after|following|on)|(?:disease )?(?:progression|recurrence|relapse)(?:\\s+or\\s+(?:progression|recurrence|relapse))? (?:on|after|during|following|despite|while on)|resistant to|resisted to|intoleran\\w* (?:of|to))\\b[^.;]{0,60}?\\b${SYSTEMIC}\\b`,
    `\\b(?:received|undergone|had|been treated with|treated with)\\s+(?:at least|>=|≥|a minimum of)?\\s*(?:one|1|two|2|three|3|a|an)?\\s*(?:prior|previous|standard|first-line|1st[- ]line|second-line|2nd[- ]line|lines? of|systemic)\\b[^.;]{0,40}?\\b${SYSTEMIC}\\b`,
  ].join('|'),
);
/**
 * What keeps the item from requiring a past treatment of every patient: a negation ("must not have
 * received"), a route for the untreated (no standard therapy, ineligible, refused, the
 * investigator's opinion, treatment-naive or newly diagnosed patients), a condition on pretreated
 * patients only ("may have received", "if available", "patients who have received … must"), a
 * wash-out, a local treatment (surgery, radiotherapy, a transplant: a newly diagnosed patient may
 * have had one) or brain metastases (their treatment, not the cancer's).
 */
const UNTREATED_ROUTE = new RegExp(
  [
    '\\b(?:not|no|never|without)\\b[^.;]{0,25}\\b(?:received|had|been treated|previous|prior)\\b',
    '\\bna[iï]ve\\b',
    '\\buntreated\\b',
    '\\bnewly[\\s-]diagnosed\\b',
    '\\beligible if\\b',
    '\\brefus\\w*',
    '\\bdeclin\\w*',
    '\\b(?:opinion|judge?ment|discretion)\\b',
    '\\bmay have (?:received|had)\\b',
    '\\bif (?:available|any|applicable|appropriate|indicated)\\b',
    '\\bunless\\b',
    '\\bretrospective\\b',
    '\\bno (?:available|effective|satisfactory|appropriate|accepted|remaining|standard|other|further|curative|approved|alternative|established)\\b',
    '\\bfor whom\\b',
    '\\bnot (?:a )?candidates?\\b',
    '\\bineligible\\b',
    '\\bnot (?:be )?(?:suitable|eligible|appropriate|amenable|indicated|available)\\b',
    '\\bunsuitable\\b',
    '\\bcontraindicat\\w*',
    '\\bfor which (?:there (?:is|are) )?no\\b',
    '\\b(?:does|do) not exist',
    '\\black of\\b',
    '\\bunable to receive\\b',
    '\\bor (?:who )?(?:have|has) (?:no|not)\\b',
    '\\b(?:patients|participants|subjects)\\s+who\\s+(?:have\\s+)?(?:received|had)\\b[^.;]*\\b(?:must|should)\\b',
    '\\bwash-?out\\b',
    '\\b(?:since|from) (?:the )?(?:last|prior|previous|end of)\\b',
    '\\b(?:surgery|surgical|resection|resected|radiotherapy|radiation|chemoradi\\w*|transplant\\w*|hsct|sct)\\b',
    '\\b(?:brain|cns|intracranial|cerebral|leptomening\\w*)\\b',
    '\\bexcept\\b',
  ].join('|'),
);

/** An advanced disease required of every patient. */
const ADVANCED =
  /\b(?:locally advanced|advanced|metastatic)(?:[\s,/-]+(?:or|and|and\/or|unresectable|recurrent|relapsed|refractory|inoperable|locally|advanced|metastatic|stage|iii|iv|\(\w+\))){0,6}\s+(?:[\w-]+\s+){0,3}?(?:solid tumou?rs?|cancers?|malignanc\w*|carcinomas?|tumou?rs?|neoplasms?|nsclc|sclc|melanoma|adenocarcinoma|disease|crc|hcc|rcc|pdac|btc)\b|\badvanced[\s-]stage\b/;
/**
 * What keeps the item from requiring advanced disease of every patient: an early or localised
 * disease admitted too, a negation ("no evidence of metastatic disease", "non-metastatic"), the
 * extent at another time or of a past treatment ("metastatic at diagnosis", "therapy for advanced
 * disease"), a condition or exception, another cancer ("history of"), or brain metastases.
 */
const EARLY_ADMITTED = new RegExp(
  [
    '\\bearly\\b',
    '\\blocali[sz]ed\\b',
    '\\b(?:potentially |borderline )?resectable\\b',
    '\\b(?<!in)operable\\b',
    '\\bcurative\\b',
    '\\bany stage\\b',
    '\\bstages? (?:0|i|1)[ab]?\\b',
    '\\bstages? (?:ii|2)a?\\b(?![b-d]|\\s*-)',
    '\\bnon-?\\s?(?:metastatic|advanced)\\b',
    '\\b(?:no|not|without|absence of|free of|lack of|exclud\\w*)\\b[^.;]{0,40}\\b(?:advanced|metasta\\w*)',
    '\\bhistory of\\b',
    '\\b(?:for|of|in) (?:their |the |his or her )?(?:locally advanced|advanced|metastatic|recurrent)\\b[^.;]{0,30}\\b(?:disease|setting|cancer|stage)\\b[^.;]{0,20}$',
    '\\b(?:therap\\w*|treatments?|treated|regimens?|lines?|received)\\b[^.;]{0,60}\\b(?:for|in)\\b[^.;]{0,30}\\b(?:advanced|metastatic)\\b',
    '\\bat (?:the time of )?(?:initial )?diagnosis\\b',
    '\\bde novo\\b',
    '\\b(?:if|when|unless|except|whether)\\b',
    '\\bor\\b[^.;]{0,30}\\b(?:lymphomas?|leuka?emias?|myelomas?|hematolog\\w*|haematolog\\w*)\\b',
    '\\b(?:brain|cns|intracranial|cerebral|leptomening\\w*|bone|liver|peritoneal|spinal|lung)\\s+(?:metasta\\w*|lesions?)',
    '\\bmetasta\\w* (?:to|in) the\\b',
    '\\b(?:suspect\\w*|suspicio\\w*|at risk)\\b',
    // Another route before it ("standard treatment is ineffective (…) or locally advanced …").
    '(?:\\)|\\btreatments?|\\btherap(?:y|ies)|\\bineffective|\\bfailed)\\s+or\\s+(?:locally advanced|advanced|metastatic)\\b',
    // A local disease as the other alternative ("ocular or metastatic uveal melanoma").
    '\\b(?:ocular|primary|local|in situ|limited|confined|regional)\\s+or\\b',
    // A negation after the extent ("metastatic disease is not present at screening").
    '\\b(?:advanced|metasta\\w*)\\b[^.;]{0,30}\\b(?:is|are|was|were)\\s+not\\b',
    '\\bnot (?:present|diagnosed|detected|known)\\b',
    // Another cancer ("an active metastatic second malignancy"), a definition ("a nest of
    // metastatic tumour cells").
    '\\bsecond (?:primary )?(?:malignan\\w*|cancer)|\\bother (?:primary )?(?:malignan\\w*|cancers?)\\b',
    '\\bmicrosatellit\\w*|\\bnests? of\\b|\\btumou?r cells\\b',
  ].join('|'),
);
const LOCALLY_ADVANCED = /\blocally advanced\b/;

export const ADVANCED_MIN_STAGE = 2.2;

const SUBGROUP_HEADING =
  /^(?:for\b|(?:[\w+/-]+\s+){0,4}(?:patients|participants|subjects|those)\s+(?:with|who|whose)\b)(?![^:]*\b(?:must|should|required)\b)[^:]*:\s*$/;
/**
 * "time to progression after …", "until progression on …": no treatment required ("without
 * progression on chemoradiotherapy" still requires the chemoradiotherapy).
 */
const NOT_REQUIRED_BEFORE =
  /\b(?:time to|risk of|until|upon|in case of|if|when|at (?:the time of )?)\s*(?:(?:radiolog\w*|radiographic|clinical|documented|objective|confirmed|disease)\s+)*$/;

function requiresPastTreatment(lower: string): boolean {
  const m = PRETREATED.exec(lower);
  return m !== null && !NOT_REQUIRED_BEFORE.test(lower.slice(Math.max(0, m.index - 40), m.index));
}

/** The inferences of one inclusion sentence (extract-rules reads the item's structure after). */
export function inferenceFindings(ctx: MatchContext, conditions: readonly string[]): Finding[] {
  // A subgroup's heading ("Patients with metastatic melanoma:") names whom the items after it
  // are for, and requires nothing of the others.
  if (ctx.section !== 'inclusion' || ctx.alternative || SUBGROUP_HEADING.test(ctx.item)) {
    return [];
  }
  const lower = ctx.sentence.lower;
  const out: Finding[] = [];
  if (requiresPastTreatment(lower) && !UNTREATED_ROUTE.test(ctx.item)) {
    out.push({
      key: 'newly_diagnosed',
      kind: 'excluded',
      anyOf: ['untreated'],
      inferred: 'pretreated',
    });
  }
  if (
    ADVANCED.test(lower) &&
    !EARLY_ADMITTED.test(ctx.item) &&
    !(LOCALLY_ADVANCED.test(lower) && conditions.includes('cervical_cancer'))
  ) {
    out.push({ key: 'tumor_stage', kind: 'range', min: ADVANCED_MIN_STAGE, inferred: 'advanced' });
  }
  return out;
}

const inclusion = (r: EligibilityRule, key: CriterionKey): boolean =>
  r.key === key && r.section === 'inclusion' && !r.inferred;

/**
 * An inference the trial's own rules contradict is dropped: 'pretreated' when the inclusion
 * requires a new diagnosis or an untreated disease (in any reading: one cohort's is enough to
 * admit them), 'advanced' when the inclusion states a stage range of its own (which says more,
 * or admits an early stage), requires a resectable disease or excludes a metastatic one.
 */
export function consistentInferences(rules: EligibilityRule[]): EligibilityRule[] {
  const admitsUntreated = rules.some(
    (r) => (inclusion(r, 'newly_diagnosed') || inclusion(r, 'untreated')) && r.kind === 'required',
  );
  // A stage range of the trial's own says more than the inference (or admits an early stage).
  const admitsEarly = rules.some(
    (r) =>
      (inclusion(r, 'tumor_stage') && r.kind === 'range') ||
      (inclusion(r, 'resectable') && r.kind === 'required') ||
      (inclusion(r, 'metastatic') && r.kind === 'excluded'),
  );
  return rules.filter(
    (r) =>
      !(r.inferred === 'pretreated' && admitsUntreated) &&
      !(r.inferred === 'advanced' && admitsEarly),
  );
}
