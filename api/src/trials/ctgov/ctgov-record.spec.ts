import {
  facilityKey,
  geneMatcher,
  mapConditions,
  nctIdOf,
  parseAgeYears,
  parseCtgovDate,
  parsePhases,
  parseSex,
  parseStudy,
  specificityOf,
  splitEligibility,
  treatmentClassOf,
} from './ctgov-record';

/** A study in the shape of the shared CT.gov v2 records (trimmed). */
function study(overrides: { criteria?: string; conditions?: string[] } = {}): unknown {
  return {
    protocolSection: {
      identificationModule: {
        nctId: 'NCT00572364',
        briefTitle: 'CT-2103/Carboplatin vs Paclitaxel/Carboplatin in Women With NSCLC',
        officialTitle: 'A Randomized Phase III Study in Chemotherapy-Naive Women With NSCLC',
      },
      statusModule: {
        overallStatus: 'WITHDRAWN',
        startDateStruct: { date: '2007-09', type: 'ACTUAL' },
        lastUpdatePostDateStruct: { date: '2020-10-19', type: 'ACTUAL' },
      },
      sponsorCollaboratorsModule: { leadSponsor: { name: 'CTI BioPharma', class: 'INDUSTRY' } },
      descriptionModule: { briefSummary: 'Women with EGFR wild-type NSCLC.' },
      conditionsModule: {
        conditions: overrides.conditions ?? ['Non-Small-Cell Lung Carcinoma'],
        keywords: ['ALK negative'],
      },
      designModule: { studyType: 'INTERVENTIONAL', phases: ['PHASE3'] },
      armsInterventionsModule: {
        interventions: [
          { type: 'DRUG', name: 'paclitaxel/carboplatin' },
          { type: 'DRUG', name: 'Pembrolizumab' },
        ],
      },
      eligibilityModule: {
        eligibilityCriteria:
          overrides.criteria ??
          'Inclusion Criteria:\n\n1. Histologically confirmed NSCLC.\n\nExclusion Criteria:\n\n1. Prior chemotherapy.',
        sex: 'FEMALE',
        minimumAge: '18 Years',
      },
      contactsLocationsModule: {
        locations: [
          {
            facility: 'Scottsdale Medical Specialists',
            city: 'Scottsdale',
            state: 'Arizona',
            zip: '85258',
            country: 'United States',
            status: 'RECRUITING',
            contacts: [{ name: 'Jane Doe', role: 'CONTACT', email: 'j@example.org', phone: '1' }],
            geoPoint: { lat: 33.50921, lon: -111.89903 },
          },
          { facility: 'Somewhere', city: 'Nowhere', country: 'France' },
        ],
      },
    },
    derivedSection: { miscInfoModule: { versionHolder: '2025-12-09' } },
    hasResults: false,
  };
}

const genes = geneMatcher(['ALK', 'AR', 'BCR-ABL1', 'EGFR', 'HER2', 'MET', 'MSI-H']);

describe('ctgov-record', () => {
  describe(parseAgeYears.name, () => {
    it('should read CT.gov ages in years', () => {
      expect(parseAgeYears('18 Years')).toBe(18);
      expect(parseAgeYears('1 Year')).toBe(1);
      expect(parseAgeYears('6 Months')).toBe(0.5);
      expect(parseAgeYears('30 Days')).toBeCloseTo(0.082, 3);
      expect(parseAgeYears('2 Weeks')).toBeCloseTo(0.038, 3);
      expect(parseAgeYears(undefined)).toBeNull();
      expect(parseAgeYears('N/A')).toBeNull();
    });
  });

  describe(parseSex.name, () => {
    it('should keep FEMALE and MALE and read anything else as ALL', () => {
      expect(parseSex('FEMALE')).toBe('FEMALE');
      expect(parseSex('male')).toBe('MALE');
      expect(parseSex('ALL')).toBe('ALL');
      expect(parseSex(undefined)).toBe('ALL');
    });
  });

  describe(parsePhases.name, () => {
    it('should keep the known phases only', () => {
      expect(parsePhases(['PHASE1', 'PHASE2'])).toEqual(['PHASE1', 'PHASE2']);
      expect(parsePhases(['EARLY_PHASE1', 'NA', 'PHASE9'])).toEqual(['EARLY_PHASE1', 'NA']);
      expect(parsePhases(undefined)).toEqual([]);
    });
  });

  describe(parseCtgovDate.name, () => {
    it('should read full and month-only dates', () => {
      expect(parseCtgovDate('2020-10-19')).toBe('2020-10-19');
      expect(parseCtgovDate('2007-09')).toBe('2007-09-01');
      expect(parseCtgovDate('soon')).toBeNull();
    });
  });

  describe(splitEligibility.name, () => {
    it('should split at the headings', () => {
      const s = splitEligibility(
        'Inclusion Criteria:\n\n* Age ≥ 18\n* ECOG 0-1\n\nExclusion Criteria:\n\n* Pregnant',
      );
      expect(s.inclusion).toBe('* Age ≥ 18\n* ECOG 0-1');
      expect(s.exclusion).toBe('* Pregnant');
    });

    it('should accept markdown, lower case, key headings and no colon', () => {
      const s = splitEligibility(
        '**Key Inclusion criteria**\n- EGFR mutation\n## exclusion criteria\n- Brain metastases',
      );
      expect(s.inclusion).toBe('- EGFR mutation');
      expect(s.exclusion).toBe('- Brain metastases');
    });

    it('should not take an item that mentions the criteria for a heading', () => {
      const s = splitEligibility(
        'Inclusion Criteria:\n* Stage IV\nExclusion Criteria:\n* Any participant not meeting inclusion criteria',
      );
      expect(s.inclusion).toBe('* Stage IV');
      expect(s.exclusion).toBe('* Any participant not meeting inclusion criteria');
    });

    it('should count a text with no headings as inclusion', () => {
      const text = 'DISEASE CHARACTERISTICS:\n\n* Histologically confirmed stage IV breast cancer';
      expect(splitEligibility(text)).toEqual({ inclusion: text, exclusion: '' });
    });

    it('should split a one-line text with both headings', () => {
      expect(
        splitEligibility('Inclusion Criteria: adults. Exclusion Criteria: pregnancy.'),
      ).toEqual({ inclusion: 'adults.', exclusion: 'pregnancy.' });
    });
  });

  describe(mapConditions.name, () => {
    it('should map condition texts to the product keys', () => {
      expect(mapConditions(['Non-Small-Cell Lung Carcinoma'])).toEqual(['lung_cancer']);
      expect(mapConditions(['NSCLC'])).toEqual(['lung_cancer']);
      expect(mapConditions(['Leukemia, Myeloid, Acute'])).toEqual(['acute_myeloid_leukemia']);
      expect(mapConditions(['AML, Adult'])).toEqual(['acute_myeloid_leukemia']);
      expect(mapConditions(['Acute Lymphoblastic Leukemia'])).toEqual([
        'acute_lymphoblastic_leukemia',
      ]);
      expect(mapConditions(['Hepatocellular Carcinoma'])).toEqual(['liver_cancer']);
      expect(mapConditions(['Cholangiocarcinoma'])).toEqual(['cholangiocarcinoma']);
      expect(mapConditions(['Renal Cell Carcinoma'])).toEqual(['kidney_cancer']);
      expect(mapConditions(['Gastric or Gastroesophageal Cancer'])).toEqual([
        'esophageal_cancer',
        'gastric_cancer',
      ]);
      expect(mapConditions(['SUV on PSMA PET/CT in Non-Prostate Tumors'])).toEqual([]);
      expect(mapConditions(['Advanced Solid Tumor'])).toEqual([]);
    });
  });

  describe(specificityOf.name, () => {
    it('should tell pan-tumour, specific and basket trials apart', () => {
      expect(specificityOf([], ['Advanced Solid Tumor', 'Neoplasms'])).toBe('pantumor');
      expect(specificityOf(['lung_cancer'], ['NSCLC'])).toBe('specific');
      expect(specificityOf(['lung_cancer', 'breast_cancer'], [])).toBe('basket');
      expect(specificityOf([], ['Healthy Volunteers'])).toBe('specific');
    });
  });

  describe(treatmentClassOf.name, () => {
    it.each([
      ['DRUG', 'Pembrolizumab', 'Checkpoint Inhibitors'],
      ['BIOLOGICAL', 'Atezolizumab + Bevacizumab', 'Checkpoint Inhibitors'],
      ['BIOLOGICAL', 'Bevacizumab', 'Monoclonal Antibodies'],
      ['DRUG', 'Osimertinib', 'Targeted Therapy'],
      ['DRUG', 'Olaparib', 'Targeted Therapy'],
      ['DRUG', 'Palbociclib', 'Targeted Therapy'],
      ['DRUG', 'Carboplatin', 'Chemotherapy'],
      ['DRUG', 'mFOLFOX6', 'Chemotherapy'],
      ['DRUG', 'Enzalutamide', 'Hormone Therapy'],
      ['DRUG', 'Letrozole', 'Hormone Therapy'],
      ['BIOLOGICAL', 'CD19 CAR-T cells', 'Cell Therapy'],
      ['BIOLOGICAL', 'Personalised cancer vaccine', 'Vaccines'],
      ['RADIATION', 'Stereotactic body radiotherapy', 'Radiation Therapy'],
      ['BEHAVIORAL', 'Yoga', 'Behavioral'],
      ['DEVICE', 'Scalp cooling', 'Device'],
      ['PROCEDURE', 'Lobectomy', 'Procedure'],
      ['DIAGNOSTIC_TEST', 'ctDNA assay', 'Diagnostic Test'],
      ['DIETARY_SUPPLEMENT', 'Vitamin D', 'Dietary Supplement'],
      ['GENETIC', 'Germline testing', 'Genetic'],
      ['DRUG', 'Lutetium Lu 177 vipivotide tetraxetan', 'Radiopharmaceuticals'],
      ['OTHER', 'Quality-of-Life Assessment', 'Other'],
    ])('should class %s %s as %s', (type, name, expected) => {
      expect(treatmentClassOf(type, name)).toBe(expected);
    });
  });

  describe(geneMatcher.name, () => {
    it('should find listed names as whole upper-case words, and HER2 from ERBB2', () => {
      expect(genes(['EGFR-mutant NSCLC, ALK negative'])).toEqual(['ALK', 'EGFR']);
      expect(genes(['ERBB2 amplification'])).toEqual(['HER2']);
      expect(genes(['BCR-ABL1 positive ALL'])).toEqual(['BCR-ABL1']);
      expect(genes(['MSI-H or dMMR'])).toEqual(['MSI-H']);
      // 'metastatic', 'are', 'Met' are words, not genes.
      expect(genes(['Patients are metastatic; Met criteria'])).toEqual([]);
      expect(genes(['METHOD'])).toEqual([]);
    });
  });

  describe(parseStudy.name, () => {
    it('should derive the stored trial from a record', () => {
      const t = parseStudy(study(), genes);
      expect(t).toMatchObject({
        nctId: 'NCT00572364',
        overallStatus: 'WITHDRAWN',
        studyType: 'INTERVENTIONAL',
        phases: ['PHASE3'],
        startDate: '2007-09-01',
        lastUpdateDate: '2020-10-19',
        sponsor: 'CTI BioPharma',
        conditions: ['lung_cancer'],
        specificity: 'specific',
        genes: ['ALK'],
        minimumAgeYears: 18,
        maximumAgeYears: null,
        sex: 'FEMALE',
        eligibilityInclusion: '1. Histologically confirmed NSCLC.',
        eligibilityExclusion: '1. Prior chemotherapy.',
        sourceVersion: '2025-12-09',
      });
      expect(t.interventions).toEqual([
        { name: 'paclitaxel/carboplatin', type: 'DRUG', treatmentClass: 'Chemotherapy' },
        { name: 'Pembrolizumab', type: 'DRUG', treatmentClass: 'Checkpoint Inhibitors' },
      ]);
      expect(t.sites).toEqual([
        {
          facility: 'Scottsdale Medical Specialists',
          city: 'Scottsdale',
          state: 'Arizona',
          zip: '85258',
          country: 'United States',
          status: 'RECRUITING',
          contacts: [{ name: 'Jane Doe', role: 'CONTACT', email: 'j@example.org', phone: '1' }],
          lat: 33.50921,
          lon: -111.89903,
        },
        expect.objectContaining({ facility: 'Somewhere', lat: null, lon: null, contacts: [] }),
      ]);
    });

    it('should refuse a record without an NCT id or that is not an object', () => {
      expect(() => parseStudy({ protocolSection: {} }, genes)).toThrow('no NCT id');
      expect(() => parseStudy([1, 2], genes)).toThrow('not an object');
      expect(nctIdOf({ protocolSection: { identificationModule: { nctId: 'nct01234567' } } })).toBe(
        'NCT01234567',
      );
    });
  });

  describe(facilityKey.name, () => {
    it('should ignore case, accents and punctuation', () => {
      expect(
        facilityKey({ facility: 'Hôpital Saint-Louis', city: 'Paris', country: 'France' }),
      ).toBe(facilityKey({ facility: 'HOPITAL SAINT LOUIS ', city: 'paris', country: 'France' }));
    });
  });
});
