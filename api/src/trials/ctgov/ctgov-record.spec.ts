import { geneMatcher } from './ctgov-classify';
import {
  facilityKey,
  nctIdOf,
  parseAgeYears,
  parseCtgovDate,
  parsePhases,
  parseSex,
  parseStudy,
  splitEligibility,
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

    it("should keep a heading of one cohort's criteria in the text, under its section", () => {
      const s = splitEligibility(
        'Inclusion Criteria:\n\n* NSCLC\n\nInclusion criteria specific to Cohort A1:\n\n* ALK fusion\n\nExclusion Criteria:\n\n* Pregnant',
      );
      expect(s.inclusion).toBe(
        '* NSCLC\n\nInclusion criteria specific to Cohort A1:\n\n* ALK fusion',
      );
      expect(s.exclusion).toBe('* Pregnant');
    });

    it("should keep a heading of one module's, phase's or cohort's criteria too (session 12)", () => {
      for (const heading of [
        'Module 2 specific inclusion criteria:',
        'Phase 2a Expansion Cohort-Specific Inclusion Criteria:',
        'Key inclusion criteria only for phase III:',
      ]) {
        const s = splitEligibility(
          `Inclusion Criteria:\n\n* ECOG 0-1\n\n${heading}\n\n* NSCLC\n\nExclusion Criteria:\n\n* Pregnant`,
        );
        expect(s.inclusion).toBe(`* ECOG 0-1\n\n${heading}\n\n* NSCLC`);
      }
      // The section's own heading still goes.
      expect(
        splitEligibility('Key Inclusion Criteria for both phases:\n\n* ECOG 0-1').inclusion,
      ).toBe('* ECOG 0-1');
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

    it('should keep a criterion naming the inclusion criteria as an item, not a heading', () => {
      const s = splitEligibility(
        'Inclusion Criteria:\n* Age >= 18\n* One of the following inclusion criteria must be true for patient to be eligible:\n* Known esophageal cancer\n* Barrett esophagus\nExclusion Criteria:\n* Pregnant',
      );
      expect(s.inclusion).toBe(
        '* Age >= 18\n* One of the following inclusion criteria must be true for patient to be eligible:\n* Known esophageal cancer\n* Barrett esophagus',
      );
      expect(s.exclusion).toBe('* Pregnant');
      const t = splitEligibility(
        'Patients must meet all of the following inclusion criteria:\n* Age >= 18\nPatients meeting any of the following exclusion criteria will be excluded:\n* Pregnant',
      );
      expect(t).toEqual({ inclusion: '* Age >= 18', exclusion: '* Pregnant' });
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
