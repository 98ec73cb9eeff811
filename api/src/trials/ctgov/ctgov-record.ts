import { CONDITION_KEYS, type ConditionKey } from '../../common/conditions';
import type { EligibilityRule } from '../../criteria/criteria';
import { extractRules } from '../../eligibility/extract-rules';
import type { Specificity, TreatmentClass } from '../search/search-options';

/**
 * Pure derivation of a trial from a ClinicalTrials.gov API v2 study record: no I/O, so the
 * import, the future sync and the tests share it.
 */

// The filter vocabularies live with the other filter values (search-options.ts, which the web
// app imports too); the derivation below produces them.
export {
  SPECIFICITIES,
  type Specificity,
  TREATMENT_CLASSES,
  type TreatmentClass,
} from '../search/search-options';

export const SEXES = ['ALL', 'FEMALE', 'MALE'] as const;
export type Sex = (typeof SEXES)[number];

export interface TrialIntervention {
  name: string;
  type: string;
  treatmentClass: TreatmentClass;
}

export interface SiteContact {
  name?: string;
  role?: string;
  phone?: string;
  email?: string;
}

export interface SiteData {
  facility: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  status: string;
  contacts: SiteContact[];
  lat: number | null;
  lon: number | null;
  /** Set at import when lat/lon are the city's from the gazetteer, not the record's. */
  approximateLocation?: boolean;
}

export interface TrialData {
  nctId: string;
  briefTitle: string;
  officialTitle: string;
  briefSummary: string;
  overallStatus: string;
  studyType: string;
  phases: string[];
  /** ISO dates (YYYY-MM-DD); a month-only date is the first of that month. */
  startDate: string | null;
  lastUpdateDate: string | null;
  sponsor: string;
  conditions: ConditionKey[];
  specificity: Specificity;
  interventions: TrialIntervention[];
  genes: string[];
  minimumAgeYears: number | null;
  maximumAgeYears: number | null;
  sex: Sex;
  eligibilityInclusion: string;
  eligibilityExclusion: string;
  sourceVersion: string | null;
  /** Structured eligibility read from the record (before any curation). */
  rules: EligibilityRule[];
  sites: SiteData[];
  raw: Record<string, unknown>;
}

export class InvalidRecordError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

type Json = Record<string, unknown>;

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : {};
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(str).filter(Boolean) : [];
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const NCT_ID = /^NCT\d{8}$/;

/** The NCT id of a record, or null when the record has none (or is not an object). */
export function nctIdOf(record: unknown): string | null {
  const id = str(obj(obj(obj(record).protocolSection).identificationModule).nctId).toUpperCase();
  return NCT_ID.test(id) ? id : null;
}

const AGE_UNITS: Record<string, number> = {
  year: 1,
  month: 1 / 12,
  week: 7 / 365.25,
  day: 1 / 365.25,
  hour: 1 / (365.25 * 24),
  minute: 1 / (365.25 * 24 * 60),
};

/** '18 Years' → 18, '6 Months' → 0.5; null when absent or unreadable. */
export function parseAgeYears(value: unknown): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*(year|month|week|day|hour|minute)s?$/i.exec(str(value));
  if (!m) {
    return null;
  }
  const years = Number(m[1]) * AGE_UNITS[m[2].toLowerCase()];
  return Math.round(years * 1000) / 1000;
}

export function parseSex(value: unknown): Sex {
  const v = str(value).toUpperCase();
  return v === 'FEMALE' || v === 'MALE' ? v : 'ALL';
}

const PHASES = ['EARLY_PHASE1', 'PHASE1', 'PHASE2', 'PHASE3', 'PHASE4', 'NA'];

export function parsePhases(value: unknown): string[] {
  return strings(value)
    .map((p) => p.toUpperCase().replace(/[\s/]+/g, ''))
    .filter((p) => PHASES.includes(p));
}

/** 'YYYY-MM-DD' or 'YYYY-MM' (first of the month); null otherwise. */
export function parseCtgovDate(value: unknown): string | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(str(value));
  return m ? `${m[1]}-${m[2]}-${m[3] ?? '01'}` : null;
}

// --- Eligibility --------------------------------------------------------------------------

type Section = 'inclusion' | 'exclusion';

/** A heading line such as 'Inclusion Criteria:', '**Key Exclusion criteria**', '# Exclusion'. */
function headingOf(line: string): Section | null {
  const trimmed = line.trim();
  const bulleted = /^([-*+•]|\d+[.)])\s/.test(trimmed);
  const text = trimmed
    .replace(/^[#>*\-+•\s]+/, '')
    .replace(/[*_\s]+$/, '')
    .replace(/^\*\*|\*\*$/g, '')
    .trim();
  if (text.length === 0 || text.length > 100) {
    return null;
  }
  const inc = /\binclusions?\b/i.test(text);
  const exc = /\bexclusions?\b/i.test(text);
  if (inc === exc) {
    return null;
  }
  const colon = /[:：]\s*\**$/.test(text);
  // A bulleted line or a sentence ('Further inclusion criteria apply.') is an item.
  if (!colon && (bulleted || /[.;,]$/.test(text) || !/criteria\b|^(in|ex)clusions?$/i.test(text))) {
    return null;
  }
  return inc ? 'inclusion' : 'exclusion';
}

/**
 * Splits the criteria text at its 'Inclusion Criteria' / 'Exclusion Criteria' headings. Text
 * before any heading, or a text with no headings at all, counts as inclusion.
 */
export function splitEligibility(text: unknown): { inclusion: string; exclusion: string } {
  const source = typeof text === 'string' ? text.replace(/\r\n?/g, '\n') : '';
  const parts: Record<Section, string[]> = { inclusion: [], exclusion: [] };
  let current: Section = 'inclusion';
  let sawHeading = false;
  for (const line of source.split('\n')) {
    const heading = headingOf(line);
    if (heading) {
      current = heading;
      sawHeading = true;
      continue;
    }
    parts[current].push(line);
  }
  if (!sawHeading) {
    // One-line texts: 'Inclusion Criteria: … Exclusion Criteria: …'.
    const m = /^(.*?)\bexclusion criteria\s*[:：]\s*(.*)$/is.exec(source);
    if (m) {
      return {
        inclusion: tidy(m[1].replace(/^\s*inclusion criteria\s*[:：]/i, '')),
        exclusion: tidy(m[2]),
      };
    }
  }
  return {
    inclusion: tidy(parts.inclusion.join('\n')),
    exclusion: tidy(parts.exclusion.join('\n')),
  };
}

function tidy(text: string): string {
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

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

/** The texts the condition mapping reads: conditions, keywords, titles and MeSH terms. */
export function conditionTexts(record: unknown): string[] {
  const protocol = obj(obj(record).protocolSection);
  const conditions = obj(protocol.conditionsModule);
  const ident = obj(protocol.identificationModule);
  const meshes = obj(obj(obj(record).derivedSection).conditionBrowseModule).meshes;
  return [
    ...strings(conditions.conditions),
    ...strings(conditions.keywords),
    str(ident.briefTitle),
    str(ident.officialTitle),
    ...(Array.isArray(meshes) ? meshes.map((m) => str(obj(m).term)) : []),
  ].filter(Boolean);
}

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

export function parseInterventions(value: unknown): TrialIntervention[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value
    .map((i) => ({ name: str(obj(i).name), type: str(obj(i).type).toUpperCase() || 'OTHER' }))
    .filter((i) => i.name)
    .map((i) => ({ ...i, treatmentClass: treatmentClassOf(i.type, i.name) }));
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

// --- The whole record ---------------------------------------------------------------------

function parseSites(value: unknown): SiteData[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.map((l) => {
    const loc = obj(l);
    const geo = obj(loc.geoPoint);
    const lat = num(geo.lat);
    const lon = num(geo.lon);
    const valid = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
    const contacts = Array.isArray(loc.contacts)
      ? loc.contacts.map((c) => {
          const contact = obj(c);
          const out: SiteContact = {};
          for (const key of ['name', 'role', 'phone', 'email'] as const) {
            if (str(contact[key])) {
              out[key] = str(contact[key]);
            }
          }
          return out;
        })
      : [];
    return {
      facility: str(loc.facility),
      city: str(loc.city),
      state: str(loc.state),
      zip: str(loc.zip),
      country: str(loc.country),
      status: str(loc.status).toUpperCase(),
      contacts,
      lat: valid ? lat : null,
      lon: valid ? lon : null,
    };
  });
}

/** Derives the stored trial from a study record; throws InvalidRecordError when it cannot. */
export function parseStudy(record: unknown, matchGenes: GeneMatcher): TrialData {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new InvalidRecordError('not an object');
  }
  const nctId = nctIdOf(record);
  if (!nctId) {
    throw new InvalidRecordError('no NCT id');
  }
  const raw = record as Json;
  const protocol = obj(raw.protocolSection);
  const ident = obj(protocol.identificationModule);
  const status = obj(protocol.statusModule);
  const design = obj(protocol.designModule);
  const conditionsModule = obj(protocol.conditionsModule);
  const eligibility = obj(protocol.eligibilityModule);
  const criteria = str(eligibility.eligibilityCriteria);
  const texts = conditionTexts(raw);
  const conditions = mapConditions(texts);
  const split = splitEligibility(criteria);
  const minimumAgeYears = parseAgeYears(eligibility.minimumAge);
  const maximumAgeYears = parseAgeYears(eligibility.maximumAge);
  const sex = parseSex(eligibility.sex);
  return {
    nctId,
    briefTitle: str(ident.briefTitle),
    officialTitle: str(ident.officialTitle),
    briefSummary: str(obj(protocol.descriptionModule).briefSummary),
    overallStatus: str(status.overallStatus).toUpperCase(),
    studyType: str(design.studyType).toUpperCase(),
    phases: parsePhases(design.phases),
    startDate: parseCtgovDate(obj(status.startDateStruct).date),
    lastUpdateDate: parseCtgovDate(obj(status.lastUpdatePostDateStruct).date),
    sponsor: str(obj(obj(protocol.sponsorCollaboratorsModule).leadSponsor).name),
    conditions,
    specificity: specificityOf(conditions, texts),
    interventions: parseInterventions(obj(protocol.armsInterventionsModule).interventions),
    genes: matchGenes([
      str(ident.briefTitle),
      str(ident.officialTitle),
      ...strings(conditionsModule.conditions),
      ...strings(conditionsModule.keywords),
      criteria,
    ]),
    minimumAgeYears,
    maximumAgeYears,
    sex,
    eligibilityInclusion: split.inclusion,
    eligibilityExclusion: split.exclusion,
    sourceVersion: str(obj(obj(raw.derivedSection).miscInfoModule).versionHolder) || null,
    rules: extractRules({
      minimumAgeYears,
      maximumAgeYears,
      sex,
      eligibilityInclusion: split.inclusion,
      eligibilityExclusion: split.exclusion,
      conditions,
    }),
    sites: parseSites(obj(protocol.contactsLocationsModule).locations),
    raw,
  };
}

/** The facility identity of a site: name, city and country, case- and accent-insensitive. */
export function facilityKey(site: Pick<SiteData, 'facility' | 'city' | 'country'>): string {
  const norm = (s: string): string =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return [site.facility, site.city, site.country].map(norm).join('|');
}
