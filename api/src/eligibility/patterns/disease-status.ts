import type { Concept, FamilyPatterns } from './types';

/** Disease status: newly diagnosed, untreated, relapsed, refractory. */

const NOT_DISEASE_AFTER =
  /^[\s-]*(?:to\b|nausea|vomiting|hypertension|ascites|pain|diarrh|angina|epilepsy|seizure|infection|brain|cns|central|cardiac|symptom|hypercalc)/;

/**
 * Refractory to one therapy (round 8): "ICI treatment-refractory", "platinum-refractory",
 * "anti-PD-1 refractory" name a therapy's failure, not refractory disease.
 */
const REFRACTORY_TO_THERAPY =
  /\b(?:icis?|checkpoint(?: inhibitors?)?|immunotherapy|platinum|treatment|therapy|chemotherapy|pd-?l?1|anti-?[\w-]+|endocrine|tkis?|inhibitors?|bcg)\)?[\s-]*$/;
/** "refractory disease or progression", "refractory disease, disease progression, …": alternatives. */
const OR_PROGRESSION_AFTER = /^\s*(?:disease\s*)?(?:,|or|and or)\s*(?:disease\s+)?progress/;

/**
 * Round 10: "no prior treatment with a TKI or chemotherapy", "no treatment with CTLA-4 inhibitors",
 * "no prior treatment for the cancer including hormonal therapy" name the therapies not had (the
 * prior-therapy rules), not the untreated status of the disease.
 */
const NAMED_THERAPY_AFTER = /^\s*(?:with\b|[^.;]{0,40}\bincluding\b)/;
/**
 * Round 10: untreated in one setting ("previously untreated with systemic therapy for their
 * locally advanced or metastatic disease", "treatment-naive for palliative intent systemic
 * therapy"): earlier (adjuvant) treatment is allowed, so the status is qualified; so is an
 * untreated status the item itself makes exceptions to ("Previously untreated patients; prior
 * radiotherapy is allowed").
 */
const UNTREATED_SETTING =
  /\b(?:allowed|permitted|acceptable)\b|\b(?:before|prior to)\s+(?:the\s+)?(?:surgery|resection|operation|transplant\w*)\b|\bfor (?:their |the |his or her )?(?:locally advanced|advanced|metastatic|recurrent|unresectable|inoperable)\b|\bpalliative\b|\bin the (?:metastatic|advanced) setting\b/;
/**
 * Round 10: a relapse of one kind or in one place, or as a condition, is not relapsed disease:
 * "second or greater BM relapse", "first metastatic or unresectable relapse" (a count), "locally
 * relapsed" (a local recurrence, an extent), "any marrow relapse", "isolated extramedullary
 * disease relapse" (a relapse at one site), "expression … at relapse" (a time), "if relapse occurs > 90 days after HSCT" (a
 * condition), "relapsed within 6 months of discontinuation" (a time limit).
 */
const RELAPSE_KIND_BEFORE =
  /(?:\b(?:first|second|third|fourth|1st|2nd|3rd|4th|\d+(?:st|nd|rd|th))\s+(?:or (?:greater|later|more|subsequent|higher)\s+)?(?:[\w-]+\s+){0,3}|\b(?:locally|local|loco-?regional(?:ly)?|regionally|regional|marrow|bm|cns|testicular|extramedullary|isolated|molecular|cytogenetic|mrd|morphologic(?:al)?)\s+(?:disease\s+)?|\bif\s+(?:a\s+|the\s+)?|\b(?:at|since|before|from)\s+(?:the\s+)?(?:time\s+of\s+)?(?:(?:diagnosis|baseline)\s+or\s+)?|\bin case of\s+)$/;
const RELAPSE_TIMED_AFTER = /^\s*(?:that occurs?\s+)?(?:within|>|less than|more than)\s/;
/**
 * Round 10: newly diagnosed "or" a recurrence ("newly diagnosed patients … or recurrence of the
 * disease", "a) newly diagnosed grade 2-3 glioma or b) … recurrent glioma"): one route of entry
 * of two, not a requirement; so is a ", or" clause of another stage or group after it
 * ("newly diagnosed stage IV NSCLC, or stage III not suitable for radiotherapy"; a list of
 * histologies ", or adenosquamous carcinoma" is none).
 */
const OR_RECURRENCE_AFTER =
  /^[^.;]{0,80}\bor\b[^.;]{0,60}\b(?:recurren\w*|relaps\w*|progress\w*|refractory|previously treated|pre-?treated)|^[^.;]{0,80},\s*or\s+(?:stage|patients?|participants?|subjects?|those|who|if|when)\b/;

/**
 * Round 12: progression on or after a treatment ("progressed on or after at least one prior line
 * of systemic therapy", "disease progression after standard therapy", "radiographic progression
 * during or following platinum-based chemotherapy") is progressive disease required, which a
 * newly diagnosed patient (no treatment yet) does not meet. Progression with no treatment named
 * ("progressive disease within the last 12 months") is not read: the questionnaire asks it only
 * of neuroendocrine tumours.
 */
const PROGRESSION_AFTER_THERAPY =
  /^[^.;]{0,60}?\b(?:on|after|during|despite|following|while (?:on|receiving)|under|to|with)\b[^.;]{0,60}?\b(?:therap\w*|treatments?|lines?|regimens?|chemo\w*|inhibitors?|tkis?|immunotherap\w*|agents?|standard|platinum\w*|icis?|anti-?pd-?l?1|pd-?l?1|blockade|antibod\w*)\b/;
/** "time to progression", "until progression", "in case of progression": no requirement. */
const PROGRESSION_NOT_REQUIRED_BEFORE =
  /\b(?:time to|risk of|until|upon|before|prior to|in case of|if|when|at (?:the time of )?|evidence of (?:no )?|free of|without|no|not|non|absence of|lack of)\s*(?:(?:radiolog\w*|radiographic|clinical|documented|objective|confirmed|disease|further)\s+)*$/;
/**
 * What makes progression one route or one group's requirement: a route for patients who never had
 * the treatment ("… or intolerant to it", "or no standard therapy exists", "or in the opinion of
 * the investigator unlikely to benefit"), a stop for toxicity instead ("progression (resistance,
 * toxicity)"), one part of the trial ("Parts 1B and 1C:", "in dose-extension cases").
 */
const UNTREATED_ROUTE =
  /\bor,? (?:[\w-]+ ){0,3}(?:in the )?(?:opinion|judge?ment|discretion)\b|\btoxicit\w*|^\s*(?:parts?|cohorts?|arms?|groups?|phase)\s+[\w.]+(?:\s*(?:and|or|&|,)\s*[\w.]+)*\b[^:]{0,30}:|\b(?:dose[\s-])?(?:extension|expansion|escalation)\b|\bor\b[^.;]{0,50}?\b(?:intoleran\w*|refus\w*|declin\w*|ineligible|not (?:a )?candidates?|unsuitable|not (?:be )?eligible|unable|contraindicat\w*|not (?:tolerate|appropriate|suitable)|no (?:standard|effective|available|approved|further|other|curative)|not available|newly diagnosed|untreated|na[iï]ve|for whom)|\bunless\b|\bno (?:standard|effective|available|approved) (?:therapy|therapies|treatments?|options?)\b|\bnot (?:be )?(?:available|appropriate|indicated)\b/;

/**
 * Round 12 (blind round 12): newly diagnosed as one status of a list ("a history of uveal melanoma
 * (newly diagnosed, under treatment or in follow-up)"): any of them may join.
 */
const OR_OTHER_STATUS_AFTER =
  /^\s*(?:,|\/|\bor\b)[^.;]{0,50}?\b(?:under treatment|on treatment|in follow[\s-]?up|receiving|treated|pre-?treated|previously|in remission)\b/;

/**
 * Round 12 (blind round 13): the status of the second disease of a list ("Advanced melanoma or
 * PD-L1-positive advanced, relapsed, or refractory solid tumor or lymphoma"), not of every patient.
 */
const SECOND_DISEASE_STATUS =
  /\b(?:melanoma|cancer|carcinoma|nsclc|sclc|tumou?rs?|lymphoma|leuka?emia|myeloma)\s+or\s+(?:[\w/,-]+\s+){0,5}(?:relapsed|refractory|recurrent)\b/;

export const diseaseStatusConcepts: Concept[] = [
  {
    key: 'newly_diagnosed',
    triggers: ['newly', 'de novo'],
    // "de novo" alone is ambiguous ("de novo or induced oligometastatic disease"): only AML.
    re: /\bnewly[\s-]diagnosed\b|\bde novo (?=aml\b|acute myel|myeloid)/g,
    mode: 'bool',
    only: 'inclusion',
    accept: (ctx, _start, end) =>
      !OR_RECURRENCE_AFTER.test(ctx.sentence.lower.slice(end)) &&
      !OR_OTHER_STATUS_AFTER.test(ctx.sentence.lower.slice(end)),
  },
  {
    key: 'untreated',
    triggers: ['untreated', 'naive', 'naïve', 'no prior', 'no previous', 'no treatment', 'no anti'],
    re: /\b(?:previously )?untreated\b|\btreatment[\s-]na[iï]ve\b|\btherapy[\s-]na[iï]ve\b|\b(?:with )?no (?:prior |previous )?(?:anti-?(?:cancer|tumou?r) )?treatment\b|\bno treatment for\b/g,
    mode: 'bool',
    only: 'inclusion',
    // "No previous treatment before surgery" (round 4): no neoadjuvant therapy, not untreated;
    // untreated in one setting (round 10).
    qualifier: UNTREATED_SETTING,
    accept: (ctx, start, end) => {
      const lower = ctx.sentence.lower;
      if (
        /^(?:with )?no\b/.test(lower.slice(start, end)) &&
        NAMED_THERAPY_AFTER.test(lower.slice(end))
      ) {
        return false;
      }
      // Round 12 (blind round 14): "no treatment for these AEs for at least 4 weeks": the
      // treatment of an adverse event, not of the cancer.
      if (
        /^\s*(?:for\s+)?(?:these|the|such|any|those)?\s*(?:aes?|adverse|toxicit|side[\s-]effects?|irae)/.test(
          lower.slice(end, end + 30),
        )
      ) {
        return false;
      }
      // Session 10 (blind round 15): a bracketed aside after the word does not hide what is
      // untreated ("at least 1 untreated (no prior resection or radiation of the target lesion)
      // parenchymal brain metastasis"); the aside itself may name it ("treatment naïve
      // (metastatic stage)").
      const afterAside = lower.slice(end, end + 200).replace(/^\s*\([^)]*\)/, '');
      const notDisease =
        /^[^.;]{0,40}?\b(?:metasta|brain|cns|central nervous|lesions?\b|infection|hypertension|arrhythm|cardiac|hiv|hepatitis)/;
      if (
        NOT_DISEASE_AFTER.test(lower.slice(end, end + 20)) ||
        notDisease.test(lower.slice(end, end + 60)) ||
        notDisease.test(afterAside.slice(0, 60))
      ) {
        return false;
      }
      // Session 13: metastases or lesions said to be untreated ("Brain metastases must be
      // previously untreated, except for surgery"): the lesions', not the disease's.
      if (
        /\b(?:metasta\w*|mets|lesions?)\b[^.;]{0,30}\b(?:must|should|need to|have to)\s+(?:be|have been|remain)\s+$/.test(
          lower.slice(Math.max(0, start - 80), start),
        )
      ) {
        return false;
      }
      // "TKI treatment naïve", "immunotherapy-naive": naive to one class, not untreated.
      // Session 12: or to one drug, named by its international nonproprietary name's stem
      // ("alpelisib treatment naïve", "osimertinib-naive").
      if (
        /\b(?:tkis?|icis?|io|tyrosine kinase inhibitors?|inhibitors?|immunotherapy|checkpoint|parp|endocrine|hormon\w*|targeted|egfr|alk|her2|anti-?[\w-]+|directed|[a-z]{3,}(?:ib|mab|platin|taxel|rubicin|abine|tecan|limus|lutamide|trozole|mustine|cept|strant))\)?[\s-]*$/.test(
          lower.slice(Math.max(0, start - 40), start),
        )
      ) {
        return false;
      }
      // "No treatment …" is the untreated statement itself, not a negation of it.
      return !/\b(?:asymptomatic|symptomatic|stable)\s*$/.test(
        lower.slice(Math.max(0, start - 15), start),
      );
    },
  },
  {
    key: 'relapsed',
    triggers: ['relaps', 'recurrent'],
    re: /\brelapsed?\b|\brecurrent (?:or refractory|aml|all|leuka?emia|myeloma)\b/g,
    mode: 'bool',
    group: 'status',
    qualifier: SECOND_DISEASE_STATUS,
    accept: (ctx, start, end) =>
      !NOT_DISEASE_AFTER.test(ctx.sentence.lower.slice(end, end + 20)) &&
      !RELAPSE_KIND_BEFORE.test(ctx.sentence.lower.slice(Math.max(0, start - 60), start)) &&
      !RELAPSE_TIMED_AFTER.test(ctx.sentence.lower.slice(end, end + 30)),
  },
  {
    key: 'refractory',
    triggers: ['refractory', 'induction failure'],
    re: /\brefractory\b|\bprimary induction failure\b/g,
    mode: 'bool',
    group: 'status',
    qualifier: SECOND_DISEASE_STATUS,
    accept: (ctx, start, end) =>
      !NOT_DISEASE_AFTER.test(ctx.sentence.lower.slice(end, end + 20)) &&
      !REFRACTORY_TO_THERAPY.test(ctx.sentence.lower.slice(Math.max(0, start - 30), start)) &&
      !OR_PROGRESSION_AFTER.test(ctx.sentence.lower.slice(end, end + 40)),
  },
  {
    key: 'progressive_disease',
    triggers: ['progress'],
    re: /\bprogress(?:ed|ing|ion|ive disease)\b(?![\s-]*(?:free|multifocal))/g,
    mode: 'bool',
    only: 'inclusion',
    group: 'status',
    qualifier: UNTREATED_ROUTE,
    accept: (ctx, start, end) => {
      const lower = ctx.sentence.lower;
      return (
        PROGRESSION_AFTER_THERAPY.test(lower.slice(end, end + 130)) &&
        // "Progressing brain metastases … progressing through radiation therapy": a site's course.
        !/\b(?:brain|cns|intracranial|leptomening\w*|cerebral)\b/.test(lower) &&
        !PROGRESSION_NOT_REQUIRED_BEFORE.test(lower.slice(Math.max(0, start - 40), start))
      );
    },
  },
];

export const diseaseStatusPatterns: FamilyPatterns = { concepts: diseaseStatusConcepts };
