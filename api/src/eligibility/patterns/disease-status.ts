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

export const diseaseStatusConcepts: Concept[] = [
  {
    key: 'newly_diagnosed',
    triggers: ['newly', 'de novo'],
    // "de novo" alone is ambiguous ("de novo or induced oligometastatic disease"): only AML.
    re: /\bnewly[\s-]diagnosed\b|\bde novo (?=aml\b|acute myel|myeloid)/g,
    mode: 'bool',
    only: 'inclusion',
  },
  {
    key: 'untreated',
    triggers: ['untreated', 'naive', 'naïve', 'no prior', 'no previous', 'no treatment', 'no anti'],
    re: /\b(?:previously )?untreated\b|\btreatment[\s-]na[iï]ve\b|\btherapy[\s-]na[iï]ve\b|\b(?:with )?no (?:prior |previous )?(?:anti-?(?:cancer|tumou?r) )?treatment\b|\bno treatment for\b/g,
    mode: 'bool',
    only: 'inclusion',
    // "No previous treatment before surgery" (round 4): no neoadjuvant therapy, not untreated.
    qualifier: /\b(?:before|prior to)\s+(?:the\s+)?(?:surgery|resection|operation|transplant\w*)\b/,
    accept: (ctx, start, end) => {
      const lower = ctx.sentence.lower;
      if (
        NOT_DISEASE_AFTER.test(lower.slice(end, end + 20)) ||
        /^[^.;]{0,40}?\b(?:metasta|brain|cns|central nervous|lesions?\b|infection|hypertension|arrhythm|cardiac|hiv|hepatitis)/.test(
          lower.slice(end, end + 60),
        )
      ) {
        return false;
      }
      // "TKI treatment naïve", "immunotherapy-naive": naive to one class, not untreated.
      if (
        /\b(?:tkis?|tyrosine kinase inhibitors?|inhibitors?|immunotherapy|checkpoint|parp|endocrine|hormon\w*|targeted|egfr|alk|her2|anti-?[\w-]+|directed)\)?[\s-]*$/.test(
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
    accept: (ctx, _start, end) => !NOT_DISEASE_AFTER.test(ctx.sentence.lower.slice(end, end + 20)),
  },
  {
    key: 'refractory',
    triggers: ['refractory', 'induction failure'],
    re: /\brefractory\b|\bprimary induction failure\b/g,
    mode: 'bool',
    group: 'status',
    accept: (ctx, start, end) =>
      !NOT_DISEASE_AFTER.test(ctx.sentence.lower.slice(end, end + 20)) &&
      !REFRACTORY_TO_THERAPY.test(ctx.sentence.lower.slice(Math.max(0, start - 30), start)) &&
      !OR_PROGRESSION_AFTER.test(ctx.sentence.lower.slice(end, end + 40)),
  },
];

export const diseaseStatusPatterns: FamilyPatterns = { concepts: diseaseStatusConcepts };
