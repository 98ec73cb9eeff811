import {
  CONDITION_KEYS,
  type ConditionKey,
  type Specificity,
  type TreatmentClass,
} from '@trialflow/contract';

/**
 * Classification of a ClinicalTrials.gov study from its texts: the product's conditions, its
 * specificity, the treatment class of each intervention and the genes it names. Pure functions
 * over strings; ctgov-record.ts reads the texts out of the record.
 */

// --- Conditions ---------------------------------------------------------------------------

/** Keyword table: a study maps to a condition when one of its patterns matches. */
const CONDITION_PATTERNS: Record<ConditionKey, RegExp[]> = {
  acute_lymphoblastic_leukemia: [
    /\bacute lymphoblastic\b/i,
    /\bacute lymphocytic leuka?emia\b/i,
    /\blymphoblastic (leuka?emia|lymphoma)\b/i,
    /\b(B|T)-ALL\b/,
    /\bALL\b(?![-\s]?(?:comers|patients|subjects|participants|cause|other))/,
  ],
  acute_myeloid_leukemia: [
    /\bacute myel(oid|ogenous|oblastic)\b/i,
    /\bleuka?emia, myeloid, acute\b/i,
    /\bacute non-?lymphocytic\b/i,
    /\bAML\b/,
    /\bacute (promyelocytic|monocytic|megakaryoblastic) leuka?emia\b/i,
  ],
  breast_cancer: [/\bbreast\b/i, /\bTNBC\b/],
  cervical_cancer: [/\bcervi(x|cal) (cancer|carcinoma|neoplasm)/i, /\buterine cervical\b/i],
  cholangiocarcinoma: [/\bcholangio/i, /\bbile ducts?\b/i, /\bbiliary tract (cancer|carcinoma)/i],
  colorectal_cancer: [
    /\bcolorectal\b/i,
    /\bcolon (cancer|carcinoma|adenocarcinoma|neoplasm)/i,
    /\brectal (cancer|carcinoma|adenocarcinoma|neoplasm)/i,
    /\bCRC\b/,
  ],
  esophageal_cancer: [
    /\bo?esophag(eal|us)\b.*\b(cancer|carcinoma|neoplasm|tumou?r)/i,
    /\bgastro-?o?esophageal\b/i,
    /\bESCC\b/,
  ],
  gastric_cancer: [
    /\bgastric\b.*\b(cancer|carcinoma|adenocarcinoma|neoplasm|tumou?r)/i,
    /\bstomach (cancer|neoplasm)/i,
    /\bgastro-?o?esophageal junction\b/i,
  ],
  kidney_cancer: [
    /\brenal cell\b/i,
    /\bkidney (cancer|carcinoma|neoplasm)/i,
    /\brenal (cancer|carcinoma|neoplasm)/i,
    /\bRCC\b/,
  ],
  liver_cancer: [
    /\bhepatocellular\b/i,
    /\bliver (cancer|carcinoma|neoplasm|tumou?r)/i,
    /\bhepatoma\b/i,
    /\bHCC\b/,
  ],
  lung_cancer: [
    /\bnon-?\s?small[- ]cell lung\b/i,
    /\bsmall[- ]cell lung\b/i,
    /\blung (cancer|carcinoma|adenocarcinoma|neoplasm|tumou?r)/i,
    /\bN?SCLC\b/,
    /\bpulmonary (neoplasm|carcinoma)/i,
    /\bcarcinoma,? non-small-cell lung\b/i,
  ],
  melanoma: [/\bmelanoma\b/i],
  multiple_myeloma: [/\bmultiple myeloma\b/i, /\bplasma cell (myeloma|neoplasm)/i, /\bmyeloma\b/i],
  neuroendocrine_tumors: [/\bneuroendocrine\b/i, /\bcarcinoid\b/i, /\bNETs?\b/, /\bNECs?\b/],
  ovarian_cancer: [/\bovar(ian|y)\b/i, /\bfallopian tube\b/i],
  pancreatic_cancer: [/\bpancrea(s|tic)\b/i, /\bPDAC\b/],
  prostate_cancer: [/(?<!non-)\bprostat(e|ic)\b/i, /\bCRPC\b/],
};

/** Generic cancer terms: a study with only these is pan-tumour. */
const GENERIC_CANCER =
  /\b(solid tumou?rs?|cancers?|neoplasms?|malignan(t|cy|cies)|carcinomas?|tumou?rs?|metastas[ie]s|metastatic|oncology)\b/i;

export function mapConditions(texts: string[]): ConditionKey[] {
  return CONDITION_KEYS.filter((key) =>
    CONDITION_PATTERNS[key].some((re) => texts.some((t) => re.test(t))),
  );
}

export function specificityOf(conditions: ConditionKey[], texts: string[]): Specificity {
  if (conditions.length >= 2) {
    return 'basket';
  }
  if (conditions.length === 0 && texts.some((t) => GENERIC_CANCER.test(t))) {
    return 'pantumor';
  }
  return 'specific';
}

// --- Interventions ------------------------------------------------------------------------

const CHECKPOINT_INHIBITORS = [
  'pembrolizumab',
  'nivolumab',
  'atezolizumab',
  'durvalumab',
  'ipilimumab',
  'cemiplimab',
  'avelumab',
  'dostarlimab',
  'tislelizumab',
  'toripalimab',
  'sintilimab',
  'camrelizumab',
  'tremelimumab',
  'relatlimab',
  'retifanlimab',
  'penpulimab',
  'serplulimab',
  'sugemalimab',
  'envafolimab',
  'adebrelimab',
  'benmelstobart',
  'ivonescimab',
  'cadonilimab',
  'spartalizumab',
  'keytruda',
  'opdivo',
  'tecentriq',
  'imfinzi',
  'yervoy',
  'pd-1 inhibitor',
  'pd-1 inhibitors',
  'pd-l1 inhibitor',
  'immune checkpoint inhibitor',
  'immune checkpoint inhibitors',
];

const CHEMOTHERAPY = [
  'cisplatin',
  'carboplatin',
  'oxaliplatin',
  'nedaplatin',
  'lobaplatin',
  'paclitaxel',
  'nab-paclitaxel',
  'docetaxel',
  'cabazitaxel',
  'pemetrexed',
  'gemcitabine',
  'vinorelbine',
  'vincristine',
  'vinblastine',
  'etoposide',
  'irinotecan',
  'topotecan',
  'doxorubicin',
  'daunorubicin',
  'idarubicin',
  'epirubicin',
  'mitoxantrone',
  'cyclophosphamide',
  'ifosfamide',
  'cytarabine',
  'fludarabine',
  'clofarabine',
  'nelarabine',
  'azacitidine',
  'decitabine',
  'methotrexate',
  'mercaptopurine',
  'thioguanine',
  'asparaginase',
  'pegaspargase',
  'calaspargase',
  'fluorouracil',
  '5-fu',
  'capecitabine',
  'tegafur',
  's-1',
  'temozolomide',
  'dacarbazine',
  'bendamustine',
  'melphalan',
  'busulfan',
  'chlorambucil',
  'bleomycin',
  'mitomycin',
  'eribulin',
  'trabectedin',
  'lurbinectedin',
  'hydroxyurea',
  'leucovorin',
  'folfox',
  'folfiri',
  'folfirinox',
  'thiotepa',
  'treosulfan',
  'vp16',
  'vyxeos',
  'hyper-cvad',
  'hyper cvd',
  'chemotherapy',
];

const HORMONE_THERAPY = [
  'enzalutamide',
  'abiraterone',
  'apalutamide',
  'darolutamide',
  'bicalutamide',
  'flutamide',
  'tamoxifen',
  'toremifene',
  'letrozole',
  'anastrozole',
  'exemestane',
  'fulvestrant',
  'elacestrant',
  'camizestrant',
  'leuprolide',
  'leuprorelin',
  'goserelin',
  'triptorelin',
  'degarelix',
  'relugolix',
  'megestrol',
  'androgen deprivation',
  'hormone therapy',
  'endocrine therapy',
];

const RADIOPHARMACEUTICALS = [
  /\blutetium\b/i,
  /\b177lu\b/i,
  /\blu-?177\b/i,
  /\blutathera\b/i,
  /\bradium-?223\b/i,
  /\btechnetium\b/i,
  /\b(90y|y-?90|131i|i-?131)\b/i,
];

/** One regex per word list, built once: a word of the list standing alone in a name. */
function wordListPattern(words: string[]): RegExp {
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  return new RegExp(`(?:^|[^a-z0-9])(?:${escaped.join('|')})(?:$|[^a-z0-9])`, 'i');
}

const CHECKPOINT_PATTERN = wordListPattern(CHECKPOINT_INHIBITORS);
const HORMONE_PATTERN = wordListPattern(HORMONE_THERAPY);
const CHEMOTHERAPY_PATTERN = wordListPattern(CHEMOTHERAPY);

/** The spec's treatment class of one CT.gov intervention, from its type and name. */
export function treatmentClassOf(type: string, name: string): TreatmentClass {
  const t = type.toUpperCase();
  switch (t) {
    case 'RADIATION':
      return 'Radiation Therapy';
    case 'BEHAVIORAL':
      return 'Behavioral';
    case 'DEVICE':
      return 'Device';
    case 'PROCEDURE':
      return 'Procedure';
    case 'DIAGNOSTIC_TEST':
      return 'Diagnostic Test';
    case 'DIETARY_SUPPLEMENT':
      return 'Dietary Supplement';
    case 'GENETIC':
      return 'Genetic';
    case 'COMBINATION_PRODUCT':
      return 'Combination Product';
  }
  if (RADIOPHARMACEUTICALS.some((re) => re.test(name))) {
    return 'Radiopharmaceuticals';
  }
  if (
    /\bCAR[- ]?T\b|\bCAR\b|chimeric antigen receptor|\bcell therapy\b|\bNK cells?\b/i.test(name)
  ) {
    return 'Cell Therapy';
  }
  if (/\bvaccines?\b/i.test(name)) {
    return 'Vaccines';
  }
  if (CHECKPOINT_PATTERN.test(name)) {
    return 'Checkpoint Inhibitors';
  }
  if (/\w+(mab)\b/i.test(name) || /\bantibod(y|ies)\b/i.test(name)) {
    return 'Monoclonal Antibodies';
  }
  if (/\w+(tinib|rafenib|lisib|ciclib|parib|rasib|degib|zomib)\b/i.test(name)) {
    return 'Targeted Therapy';
  }
  if (HORMONE_PATTERN.test(name)) {
    return 'Hormone Therapy';
  }
  if (/\w+(nib|toclax|inostat)\b|tyrosine kinase inhibitor/i.test(name)) {
    return 'Targeted Therapy';
  }
  if (CHEMOTHERAPY_PATTERN.test(name) || /\w+tecan\b|FOLF(OX|IRI|IRINOX)/i.test(name)) {
    return 'Chemotherapy';
  }
  if (/\w+(virine?|vir)\b/i.test(name)) {
    return 'Antivirals';
  }
  if (/\w+(mycin|cillin|floxacin|cycline)\b/i.test(name)) {
    return 'Antibiotics';
  }
  if (/\w+rsen\b/i.test(name)) {
    return 'Antisense Oligonucleotides';
  }
  return 'Other';
}

// --- Genes --------------------------------------------------------------------------------

/** Reads genes.txt: one name a line; blank lines and '#' comments are ignored. */
export function parseGeneList(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** Aliases that name a listed gene in other words. */
const GENE_ALIASES: Record<string, RegExp> = { HER2: /\bERBB2\b|\bHER-2\b/i };

export interface GeneMatcher {
  (texts: string[]): string[];
}

/**
 * Genes named as whole words (case-sensitive: symbols are upper case, and 'AR' or 'MET' in
 * lower case are ordinary words).
 */
export function geneMatcher(genes: string[]): GeneMatcher {
  const patterns = genes.map((g) => {
    const escaped = g.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    const own = new RegExp(`(?<![A-Za-z0-9-])${escaped}(?![A-Za-z0-9])`);
    const alias = GENE_ALIASES[g];
    return { gene: g, test: (t: string) => own.test(t) || (alias?.test(t) ?? false) };
  });
  return (texts) => {
    const text = texts.join('\n');
    return patterns.filter((p) => p.test(text)).map((p) => p.gene);
  };
}
