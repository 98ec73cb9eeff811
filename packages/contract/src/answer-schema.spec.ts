import { ANSWER_FIELDS, ANSWER_SCHEMA, validateAnswers, type Answers } from './answer-schema';

function valid(input: unknown): Answers {
  const result = validateAnswers(input);
  if ('errors' in result) {
    throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  }
  return result.answers;
}

function errors(input: unknown): { field: string; message: string }[] {
  const result = validateAnswers(input);
  if (!('errors' in result)) {
    throw new Error(`expected errors, got ${JSON.stringify(result.answers)}`);
  }
  return result.errors;
}

/** Every field of spec 02 §3, by group. */
const SPEC_FIELDS = {
  biomarker:
    'cd19 bcrabl1 brca1 brca2 hrd mesothelin b7h3 er pr hr palb2 pik3ca chek2 atm rad51c rad51d her2 her2_non_breast idh1 idh2 idh12 fgfr2 ras egfr kras alk nras braf ros1 hpv16 hpv18 hpvother flt3 flt3_itd flt3_tkd npm1 tp53 vhl met ntrk ret nf1 sdh',
  disease:
    'type_of_disease cancer_stage tnm_T tnm_N tnm_M brain_metastases lung_cancer mm_subtype alLeukemia_subtype nsclc cholangiocarcinoma nscc melanoma bc_subtype ovarian_subtype ovarian_grade aml_subtype liver_cancer_subtype kidney_cancer_subtype pancreatic_cancer_subtype mss psa gleason_score crpc aml_cns nets_location nets_grade nets_differentiation nets_progression nets_symptoms nets_staging measurable_disease hpv_vaccination newly_diagnosed treatment_stage relapsed liver_transplant stage_resectable stage_unresectable',
  treatment:
    'chemotherapy autologous allogeneic allogeneic_year allogeneic_month autologous_year autologous_month major_surgery castration prostatectomy turp radiation_therapy ebrt brachytherapy sabr hormonal_therapy braf_therapy checkpoint_therapy proteasome immunomodulator corticosteroid car_t_therapy parp_therapy angiogenesis_therapy orchiectomy lhrh_agonists lhrh_antagonists ad_therapy antiandrogens prostate_hormonal_therapy prostate_hormone_therapy_injections prostate_hormone_therapy_tablets somatostatin_analogs prrt local_metastates_treatment targeted_therapy',
  health:
    'no_other_diseases autoimmune diabetes chronic_heart_disease hiv chronic_kidney_disease chronic_liver_disease other_cancer other_disease dont_know_other_diseases ecog pregnant menopause age gender',
  search:
    'patient_location ethnicity_multiselect patient_preferred_lang radius radius_unit userId sessionId zip_code country_name latitude longitude facility facility_ids facility_name interventional userSource',
};

describe('answer-schema', () => {
  describe('ANSWER_SCHEMA', () => {
    it('should define every questionnaire field of the spec in its group', () => {
      for (const [group, names] of Object.entries(SPEC_FIELDS)) {
        for (const name of names.split(' ')) {
          expect([name, ANSWER_SCHEMA[name as keyof typeof ANSWER_SCHEMA]?.group]).toEqual([
            name,
            group,
          ]);
        }
      }
    });

    it('should define only the spec fields and the stored-record bookkeeping', () => {
      const specified = new Set(Object.values(SPEC_FIELDS).flatMap((names) => names.split(' ')));
      const extra = ANSWER_FIELDS.filter((f) => !specified.has(f)).sort();
      expect(extra).toEqual(['__v', '_id', 'createdAt', 'timestamp', 'updatedAt']);
    });

    it('should give single choices their option values', () => {
      expect(ANSWER_SCHEMA.lung_cancer.options).toEqual(['nsclc', 'sclc', 'dontknow']);
      expect(ANSWER_SCHEMA.gender.options).toEqual(['male', 'female']);
      expect(ANSWER_SCHEMA.cancer_stage.options).toContain('4.2');
      expect(ANSWER_SCHEMA.treatment_stage.options).toEqual([
        'untreated',
        'treated',
        'remission',
        'relapsed',
        'refractory',
        'dontknow',
      ]);
    });
  });

  describe(validateAnswers.name, () => {
    it('should accept a typical form and keep its values', () => {
      expect(
        valid({
          type_of_disease: 'lung_cancer',
          lung_cancer: 'nsclc',
          nsclc: 'adenocarcinoma',
          egfr: 'yes',
          alk: 'no',
          ros1: 'dontknow',
          cancer_stage: '4',
          ecog: '1',
          gender: 'female',
          interventional: 'no',
          facility_ids: ['12', '15'],
          other_disease: 'asthma',
        }),
      ).toEqual({
        type_of_disease: 'lung_cancer',
        lung_cancer: 'nsclc',
        nsclc: 'adenocarcinoma',
        egfr: 'yes',
        alk: 'no',
        ros1: 'dontknow',
        cancer_stage: '4',
        ecog: '1',
        gender: 'female',
        interventional: 'no',
        facility_ids: ['12', '15'],
        other_disease: 'asthma',
      });
    });

    it('should drop empty strings, null and empty lists', () => {
      expect(
        valid({
          egfr: '',
          alk: '   ',
          userId: null,
          ethnicity_multiselect: [],
          facility_ids: ['', ' '],
          kras: 'yes',
        }),
      ).toEqual({ kras: 'yes' });
    });

    it('should reject an unknown field, naming it', () => {
      expect(errors({ egfr: 'yes', favourite_colour: 'blue' })).toEqual([
        { field: 'favourite_colour', message: expect.stringContaining('favourite_colour') },
      ]);
    });

    it('should reject an unknown field even when it is empty', () => {
      expect(errors({ bogus: '' }).map((e) => e.field)).toEqual(['bogus']);
    });

    it('should reject a value outside the options of a choice', () => {
      const [error] = errors({ lung_cancer: 'mesothelioma' });
      expect(error.field).toBe('lung_cancer');
      expect(error.message).toContain('nsclc, sclc, dontknow');
    });

    it('should reject a yes/no answer other than yes, no or dontknow', () => {
      expect(errors({ egfr: 'maybe' }).map((e) => e.field)).toEqual(['egfr']);
      expect(errors({ egfr: 1 }).map((e) => e.field)).toEqual(['egfr']);
    });

    it('should accept booleans for yes/no answers', () => {
      expect(valid({ interventional: true, hiv: false })).toEqual({
        interventional: 'yes',
        hiv: 'no',
      });
    });

    it('should read numbers from strings or numbers, and accept dontknow where clinical', () => {
      expect(valid({ age: '64', psa: 4.5, chemotherapy: '0', latitude: '-45.5' })).toEqual({
        age: 64,
        psa: 4.5,
        chemotherapy: 0,
        latitude: -45.5,
      });
      expect(valid({ age: 'dontknow' })).toEqual({ age: 'dontknow' });
    });

    it('should reject numbers out of range, fractional whole numbers and non-numbers', () => {
      expect(errors({ age: '121' })).toEqual([
        { field: 'age', message: "age must be a whole number from 0 to 120 or 'dontknow'" },
      ]);
      expect(errors({ age: -1 }).map((e) => e.field)).toEqual(['age']);
      expect(errors({ chemotherapy: '1.5' }).map((e) => e.field)).toEqual(['chemotherapy']);
      expect(errors({ psa: 'high' }).map((e) => e.field)).toEqual(['psa']);
      expect(errors({ gleason_score: '1e1' }).map((e) => e.field)).toEqual(['gleason_score']);
      expect(errors({ latitude: 'dontknow' }).map((e) => e.field)).toEqual(['latitude']);
      expect(errors({ autologous_month: 13 }).map((e) => e.field)).toEqual(['autologous_month']);
    });

    it('should accept numeric choices given as numbers', () => {
      expect(valid({ ecog: 2, cancer_stage: 3.1, autologous: -1 })).toEqual({
        ecog: '2',
        cancer_stage: '3.1',
        autologous: '-1',
      });
      expect(errors({ ecog: 5 }).map((e) => e.field)).toEqual(['ecog']);
    });

    it('should reject a text field that is not a string and a list that is not of strings', () => {
      expect(errors({ zip_code: { street: 'x' } }).map((e) => e.field)).toEqual(['zip_code']);
      expect(errors({ facility_ids: 'abc' }).map((e) => e.field)).toEqual(['facility_ids']);
      expect(errors({ ethnicity_multiselect: [{}] }).map((e) => e.field)).toEqual([
        'ethnicity_multiselect',
      ]);
    });

    it('should turn numeric list items into strings', () => {
      expect(valid({ facility_ids: [3, '4'] })).toEqual({ facility_ids: ['3', '4'] });
    });

    it('should accept the bookkeeping of a stored questionnaire', () => {
      expect(
        valid({
          _id: '65f0c0ffee',
          __v: 0,
          timestamp: 1718000000000,
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-02T00:00:00Z',
          userId: 'u-1',
          sessionId: 's-1',
          userSource: 'ancora_hcp',
        }),
      ).toEqual({
        _id: '65f0c0ffee',
        __v: 0,
        timestamp: 1718000000000,
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-02T00:00:00Z',
        userId: 'u-1',
        sessionId: 's-1',
        userSource: 'ancora_hcp',
      });
      expect(errors({ _id: { $oid: 'x' } }).map((e) => e.field)).toEqual(['_id']);
    });

    it('should report every bad field at once', () => {
      expect(errors({ egfr: 'x', gender: 'other', nope: 'yes' }).map((e) => e.field)).toEqual([
        'egfr',
        'gender',
        'nope',
      ]);
    });

    it('should reject input that is not an object', () => {
      expect(errors(null)).toEqual([{ field: 'answers', message: 'answers must be an object' }]);
      expect(errors(['egfr']).map((e) => e.field)).toEqual(['answers']);
      expect(errors('egfr=yes').map((e) => e.field)).toEqual(['answers']);
    });
  });
});
