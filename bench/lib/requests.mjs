// Realistic, varied search bodies: conditions weighted like the imported real trials, patients
// in 25 cities of Europe and the US, radius mostly the product default, criterion answers that
// fit the condition, filters now and then, mixed sorts and pages.
import { jitter, prng, round, SEARCH_CITIES } from './cities.mjs';

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const bool =
  (pTrue = 0.5) =>
  (rand) =>
    rand() < pTrue;
const therapy =
  (pHad = 0.5) =>
  (rand) =>
    rand() < pHad ? -1 : -2;
const lines = (max) => (rand) => Math.floor(rand() * (max + 1));
const oneOf =
  (...values) =>
  (rand) =>
    pick(rand, values);

/** Answers every solid-tumour questionnaire asks. */
const SOLID = {
  ecog: (rand) => (rand() < 0.45 ? 0 : rand() < 0.8 ? 1 : 2),
  tumor_stage: oneOf(1.1, 1.2, 2.1, 2.2, 3.1, 3.2, 3.3, 4, 4, 4),
  metastatic: bool(0.55),
  measurable_disease: bool(0.7),
  brain_metastases: bool(0.15),
  chemotherapy: lines(3),
  checkpoint_therapy: therapy(0.35),
  radiation_therapy: therapy(0.4),
  major_surgery: therapy(0.4),
  other_cancer: bool(0.08),
  cardiac_disorders: bool(0.1),
  hiv: bool(0.02),
};

const HEME = {
  ecog: (rand) => (rand() < 0.5 ? 0 : rand() < 0.85 ? 1 : 2),
  newly_diagnosed: bool(0.35),
  relapsed: bool(0.4),
  refractory: bool(0.3),
  remission: bool(0.25),
  chemotherapy: lines(3),
  allogeneic_transplant: therapy(0.2),
  autologous_transplant: therapy(0.2),
  other_cancer: bool(0.05),
  cardiac_disorders: bool(0.1),
};

/** Condition-specific answers on top of the common ones; gender when the condition fixes it. */
const BY_CONDITION = {
  lung_cancer: {
    ...SOLID,
    egfr: bool(0.3),
    alk: bool(0.08),
    kras: bool(0.25),
    ros1: bool(0.03),
    braf: bool(0.04),
    met: bool(0.05),
    ret: bool(0.02),
    pd_l1: bool(0.5),
    nsclc: bool(0.85),
    sclc: bool(0.15),
    adenocarcinoma: bool(0.6),
    squamous: bool(0.3),
    targeted_therapy: lines(2),
  },
  breast_cancer: {
    ...SOLID,
    gender: () => 'female',
    her2: bool(0.25),
    hr: bool(0.7),
    er: bool(0.7),
    pr: bool(0.6),
    brca1: bool(0.05),
    brca2: bool(0.05),
    pik3ca: bool(0.3),
    tnbc: bool(0.15),
    postmenopausal: bool(0.6),
    premenopausal: bool(0.3),
    hormonal_therapy: therapy(0.5),
    parp_therapy: therapy(0.05),
    targeted_therapy: lines(2),
  },
  colorectal_cancer: {
    ...SOLID,
    kras: bool(0.4),
    nras: bool(0.05),
    braf: bool(0.1),
    msi_high: bool(0.1),
    mss: bool(0.85),
    her2: bool(0.04),
    angiogenesis_therapy: therapy(0.4),
    targeted_therapy: lines(2),
  },
  melanoma: {
    ...SOLID,
    braf: bool(0.45),
    nras: bool(0.2),
    cutaneous_melanoma: bool(0.8),
    uveal_melanoma: bool(0.1),
    mucosal_melanoma: bool(0.05),
    braf_therapy: therapy(0.3),
    checkpoint_therapy: therapy(0.5),
  },
  prostate_cancer: {
    ...SOLID,
    gender: () => 'male',
    tumor_stage: oneOf(2.1, 3.1, 4, 4.1, 4.2),
    crpc: bool(0.5),
    cspc: bool(0.4),
    brca2: bool(0.1),
    atm: bool(0.05),
    hormonal_therapy: therapy(0.7),
    parp_therapy: therapy(0.1),
  },
  ovarian_cancer: {
    ...SOLID,
    gender: () => 'female',
    brca1: bool(0.15),
    brca2: bool(0.1),
    hrd: bool(0.4),
    serous_ovarian: bool(0.7),
    ovarian_high_grade: bool(0.7),
    parp_therapy: therapy(0.3),
    angiogenesis_therapy: therapy(0.3),
  },
  cervical_cancer: {
    ...SOLID,
    gender: () => 'female',
    hpv_16: bool(0.6),
    hpv_18: bool(0.2),
    pd_l1: bool(0.6),
    squamous: bool(0.7),
    adenocarcinoma: bool(0.25),
  },
  pancreatic_cancer: {
    ...SOLID,
    kras: bool(0.9),
    brca2: bool(0.05),
    pdac: bool(0.9),
    resectable: bool(0.2),
    unresectable: bool(0.6),
  },
  gastric_cancer: {
    ...SOLID,
    her2: bool(0.2),
    pd_l1: bool(0.5),
    msi_high: bool(0.08),
    adenocarcinoma: bool(0.9),
  },
  esophageal_cancer: {
    ...SOLID,
    her2: bool(0.15),
    pd_l1: bool(0.5),
    squamous: bool(0.5),
    adenocarcinoma: bool(0.5),
  },
  liver_cancer: {
    ...SOLID,
    hcc: bool(0.9),
    liver_diseases: bool(0.6),
    angiogenesis_therapy: therapy(0.3),
    resectable: bool(0.2),
  },
  kidney_cancer: {
    ...SOLID,
    clear_cell_rcc: bool(0.75),
    non_clear_cell_rcc: bool(0.2),
    vhl: bool(0.3),
    angiogenesis_therapy: therapy(0.5),
  },
  cholangiocarcinoma: {
    ...SOLID,
    idh1: bool(0.15),
    fgfr2: bool(0.12),
    intrahepatic_cholangiocarcinoma: bool(0.6),
    extrahepatic_cholangiocarcinoma: bool(0.3),
  },
  neuroendocrine_tumors: {
    ...SOLID,
    net_pancreas: bool(0.35),
    net_small_intestine: bool(0.3),
    well_differentiated: bool(0.7),
    symptoms_controlled: bool(0.6),
  },
  acute_myeloid_leukemia: {
    ...HEME,
    flt3: bool(0.3),
    npm1: bool(0.3),
    idh1: bool(0.08),
    idh2: bool(0.12),
    tp53: bool(0.1),
    de_novo_aml: bool(0.7),
    secondary_aml: bool(0.2),
  },
  acute_lymphoblastic_leukemia: {
    ...HEME,
    cd19: bool(0.8),
    bcrabl1: bool(0.25),
    b_cell_all: bool(0.8),
    t_cell_all: bool(0.2),
    car_t_therapy: therapy(0.15),
    cns_leukemia: bool(0.05),
  },
  multiple_myeloma: {
    ...HEME,
    proteasome_inhibitor: therapy(0.6),
    immunomodulatory_drug: therapy(0.6),
    corticosteroid_therapy: therapy(0.6),
    active_myeloma: bool(0.85),
    smoldering_myeloma: bool(0.1),
    kidney_diseases: bool(0.2),
  },
};

/** The genes a filter on genetic_mutations names, per condition. */
const GENES = {
  lung_cancer: ['EGFR', 'ALK', 'KRAS', 'ROS1', 'BRAF', 'MET', 'RET'],
  breast_cancer: ['ERBB2', 'BRCA1', 'BRCA2', 'PIK3CA', 'ESR1'],
  colorectal_cancer: ['KRAS', 'BRAF', 'NRAS', 'ERBB2'],
  melanoma: ['BRAF', 'NRAS', 'KIT'],
  prostate_cancer: ['BRCA2', 'ATM', 'AR'],
  ovarian_cancer: ['BRCA1', 'BRCA2'],
  pancreatic_cancer: ['KRAS', 'BRCA2'],
  acute_myeloid_leukemia: ['FLT3', 'IDH1', 'IDH2', 'TP53'],
  cholangiocarcinoma: ['IDH1', 'FGFR2'],
};

const PHASES = ['Phase 1', 'Phase 2', 'Phase 3', 'Phase 4', 'No Phase'];
const SUBTYPES = [
  'Targeted Therapy',
  'Chemotherapy',
  'Checkpoint Inhibitors',
  'Monoclonal Antibodies',
  'Radiation Therapy',
  'Hormone Therapy',
  'Cell Therapy',
  'Procedure',
];
const RADII = [50, 100, 250, 500];

/** Weighted choice over [value, weight] pairs. */
function weighted(rand, pairs) {
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  let x = rand() * total;
  for (const [value, w] of pairs) {
    x -= w;
    if (x < 0) {
      return value;
    }
  }
  return pairs[pairs.length - 1][0];
}

function sample(rand, list, n) {
  const copy = [...list];
  const out = [];
  while (out.length < n && copy.length > 0) {
    out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0]);
  }
  return out;
}

function criterionsFor(rand, condition) {
  const answers = BY_CONDITION[condition] ?? SOLID;
  const out = {};
  // Age (birth year) and gender are the questionnaire's first questions: nearly always answered.
  if (rand() < 0.95) {
    out.age = 2025 - (25 + Math.floor(rand() * 60));
  }
  if (rand() < 0.9) {
    out.gender = answers.gender ? answers.gender(rand) : rand() < 0.5 ? 'male' : 'female';
  }
  // A patient part-way through the questionnaire: anything from none to all of the rest.
  const keys = Object.keys(answers).filter((k) => k !== 'gender');
  const answered = sample(rand, keys, Math.floor(rand() * (keys.length + 1)));
  for (const key of answered) {
    out[key] = answers[key](rand);
  }
  return out;
}

function filtersFor(rand, condition) {
  const filters = {};
  const kinds = sample(
    rand,
    ['phase', 'subtype', 'status', 'specificity', 'genes'],
    1 + Math.floor(rand() * 2),
  );
  for (const kind of kinds) {
    if (kind === 'phase') {
      filters.trial_phase = sample(rand, PHASES.slice(0, 3), 1 + Math.floor(rand() * 2));
    } else if (kind === 'subtype') {
      filters.treatment_subtype = sample(rand, SUBTYPES, 1 + Math.floor(rand() * 2));
    } else if (kind === 'status') {
      filters.recruiting_status = ['Recruiting'];
    } else if (kind === 'specificity') {
      filters.specificity = rand() < 0.7 ? ['specific'] : ['specific', 'basket'];
    } else if (GENES[condition]) {
      filters.genetic_mutations = sample(rand, GENES[condition], 1);
    } else {
      filters.trial_phase = ['Phase 2', 'Phase 3'];
    }
  }
  return filters;
}

/**
 * One search body. `conditionWeights` is [[conditionKey, weight], …], e.g. how many real trials
 * name each condition.
 */
export function makeBody(rand, conditionWeights) {
  const condition = weighted(rand, conditionWeights);
  const city = pick(rand, SEARCH_CITIES);
  // Patients live around the city, not at its centre.
  const at = jitter(rand, city.lat, city.lon, 30);
  const body = {
    type_of_disease: condition,
    country: city.iso,
    // The spec counts a 0 coordinate as missing ("present and truthy"): nudge it.
    location: { lat: round(at.lat, 4) || 0.0001, long: round(at.lon, 4) || 0.0001 },
    radius: rand() < 0.35 ? 1000 : pick(rand, RADII),
    radius_unit: city.iso === 'US' ? 'MI' : 'KM',
    criterions: criterionsFor(rand, condition),
  };
  if (rand() < 0.4) {
    body.filters = filtersFor(rand, condition);
  }
  body.sort = weighted(rand, [
    ['match', 0.6],
    ['distance', 0.25],
    ['newest', 0.15],
  ]);
  body.page = weighted(rand, [
    [1, 0.85],
    [2, 0.1],
    [3, 0.05],
  ]);
  return body;
}

/**
 * A pool of distinct search requests: most on /api/trials/summary, 20 % on
 * /api/trials/questionnaire (the lighter hit list the questionnaire shows), as the web app does.
 */
export function buildRequestPool(conditionWeights, size, seed = 20240601) {
  const rand = prng(seed);
  const seen = new Set();
  const pool = [];
  let attempts = 0;
  while (pool.length < size && attempts < size * 20) {
    attempts++;
    const body = JSON.stringify(makeBody(rand, conditionWeights));
    if (seen.has(body)) {
      continue;
    }
    seen.add(body);
    const path = rand() < 0.8 ? '/api/trials/summary' : '/api/trials/questionnaire';
    pool.push({ path, body });
  }
  return pool;
}

/** The fixed heavy query: lung cancer around Berlin, 1000 km, EGFR-positive, no filters. */
export const WORST_CASE = {
  path: '/api/trials/summary',
  body: JSON.stringify({
    type_of_disease: 'lung_cancer',
    country: 'DE',
    location: { lat: 52.52, long: 13.405 },
    radius: 1000,
    radius_unit: 'KM',
    criterions: { egfr: true, ecog: 1, tumor_stage: 4, age: 1961, gender: 'male' },
    sort: 'match',
    page: 1,
  }),
};

/**
 * The heavy query in 2,000 variants whose locations differ by at most ~100 m: the same work for
 * the search, but distinct keys for the server's result cache (a single fixed body would be
 * answered from that cache after its first request).
 */
export function worstCasePool(size = 2000) {
  const base = JSON.parse(WORST_CASE.body);
  return Array.from({ length: size }, (_, i) => ({
    path: WORST_CASE.path,
    body: JSON.stringify({
      ...base,
      location: {
        lat: round(base.location.lat + (i % 45) * 0.00002, 5),
        long: round(base.location.long + Math.floor(i / 45) * 0.00002, 5),
      },
    }),
  }));
}

/** The product's conditions, for when the real data names too few (weights: even). */
export const FALLBACK_CONDITIONS = Object.keys(BY_CONDITION);
