import type { Answers } from './answer-schema';
import {
  answersToCriterions,
  BREAST_CANCER_USER_SOURCE,
  criterionsForSearch,
} from './answers-to-criterions';
import { isCriterionKey } from './criteria';

const NOW = new Date(Date.UTC(2026, 5, 15, 12)); // 15 June 2026

const convert = (answers: Answers) => answersToCriterions(answers, NOW);

describe('answers-to-criterions', () => {
  describe(answersToCriterions.name, () => {
    it('should give nothing for no answers', () => {
      expect(convert({})).toEqual({});
    });

    describe('numbers', () => {
      it('should turn numeric answers into numbers, cancer_stage as tumor_stage', () => {
        expect(
          convert({ ecog: '2', cancer_stage: '3.2', chemotherapy: 2, targeted_therapy: 0 }),
        ).toEqual({
          ecog: 2,
          tumor_stage: 3.2,
          chemotherapy: 2,
          targeted_therapy: 0,
          metastatic: false,
          // A cancer that has not spread has no brain metastases (round 12).
          brain_metastases: false,
          // A line of chemotherapy had: neither untreated nor newly diagnosed (session 11).
          untreated: false,
          newly_diagnosed: false,
        });
        // An answer wins over what the extent implies.
        expect(convert({ cancer_stage: '3.2', brain_metastases: 'yes' })).toMatchObject({
          brain_metastases: true,
        });
      });

      it('should drop dontknow numbers and numbers without a criterion', () => {
        expect(
          convert({
            ecog: 'dontknow',
            cancer_stage: 'dontknow',
            chemotherapy: 'dontknow',
            psa: 12,
            gleason_score: 8,
            nets_grade: '2',
            local_metastates_treatment: 1,
          }),
        ).toEqual({});
      });
    });

    describe('age and gender', () => {
      it('should turn the age into the birth year', () => {
        expect(convert({ age: 64 })).toEqual({ age: 1962 });
        expect(answersToCriterions({ age: 30 }, new Date(2030, 0, 1))).toEqual({ age: 2000 });
      });

      it('should leave an unknown age out', () => {
        expect(convert({ age: 'dontknow' })).toEqual({});
      });

      it('should keep the gender', () => {
        expect(convert({ gender: 'male' })).toEqual({ gender: 'male' });
        expect(convert({ gender: 'female' })).toEqual({ gender: 'female' });
      });
    });

    describe('therapies', () => {
      it.each([
        ['major_surgery', 'major_surgery'],
        ['radiation_therapy', 'radiation_therapy'],
        ['hormonal_therapy', 'hormonal_therapy'],
        ['braf_therapy', 'braf_therapy'],
        ['checkpoint_therapy', 'checkpoint_therapy'],
        ['proteasome', 'proteasome_inhibitor'],
        ['immunomodulator', 'immunomodulatory_drug'],
        ['corticosteroid', 'corticosteroid_therapy'],
        ['car_t_therapy', 'car_t_therapy'],
        ['parp_therapy', 'parp_therapy'],
        ['angiogenesis_therapy', 'angiogenesis_therapy'],
      ] as const)('should turn %s yes into %s -1 and no into -2', (field, key) => {
        // A systemic drug class had also says the cancer is not untreated (session 11).
        const local = ['major_surgery', 'radiation_therapy', 'corticosteroid'].includes(field);
        expect(convert({ [field]: 'yes' })).toEqual(
          local ? { [key]: -1 } : { [key]: -1, untreated: false, newly_diagnosed: false },
        );
        expect(convert({ [field]: 'no' })).toEqual({ [key]: -2 });
        expect(convert({ [field]: 'dontknow' })).toEqual({});
      });

      it('should drop therapy answers that have no criterion', () => {
        expect(
          convert({ prostatectomy: 'yes', orchiectomy: 'yes', prrt: 'no', ebrt: 'yes' }),
        ).toEqual({});
      });
    });

    describe('transplants', () => {
      it('should give -1 / -2 when had / not had without a date', () => {
        expect(convert({ autologous: '-1', allogeneic: '-2' })).toEqual({
          autologous_transplant: -1,
          allogeneic_transplant: -2,
        });
        expect(convert({ autologous: 'yes', allogeneic: 'no' })).toEqual({
          autologous_transplant: -1,
          allogeneic_transplant: -2,
        });
        expect(convert({ autologous: 'dontknow' })).toEqual({});
      });

      it('should give the whole weeks since the first of the month after 2010', () => {
        // 1 June 2026 → 15 June 2026 12:00 is 14.5 days: 2 whole weeks.
        expect(convert({ allogeneic: '-1', allogeneic_year: 2026, allogeneic_month: 6 })).toEqual({
          allogeneic_transplant: 2,
        });
        // 1 Jan 2025 → 15 June 2026: 530.5 days, 75 whole weeks.
        expect(convert({ autologous: '-1', autologous_year: 2025, autologous_month: 1 })).toEqual({
          autologous_transplant: 75,
        });
        expect(convert({ autologous: '-1', autologous_year: 2011, autologous_month: 1 })).toEqual({
          autologous_transplant: Math.floor((NOW.getTime() - Date.UTC(2011, 0, 1)) / 6048e5),
        });
      });

      it('should give -1 when zero or fewer weeks have passed', () => {
        const thisWeek = new Date(Date.UTC(2026, 5, 7, 12)); // 6.5 days after 1 June
        expect(
          answersToCriterions(
            { autologous: '-1', autologous_year: 2026, autologous_month: 6 },
            thisWeek,
          ),
        ).toEqual({ autologous_transplant: -1 });
        expect(convert({ autologous: '-1', autologous_year: 2026, autologous_month: 9 })).toEqual({
          autologous_transplant: -1,
        });
      });

      it('should give -1 for a transplant in 2010 or before, or with a missing part', () => {
        expect(convert({ allogeneic: '-1', allogeneic_year: 2010, allogeneic_month: 12 })).toEqual({
          allogeneic_transplant: -1,
        });
        expect(convert({ allogeneic: '-1', allogeneic_year: 2020 })).toEqual({
          allogeneic_transplant: -1,
        });
      });

      it('should ignore the date of a transplant not had', () => {
        expect(convert({ allogeneic: '-2', allogeneic_year: 2020, allogeneic_month: 3 })).toEqual({
          allogeneic_transplant: -2,
        });
      });
    });

    describe('yes/no answers', () => {
      it('should turn yes/no into true/false and drop dontknow', () => {
        expect(
          convert({ egfr: 'yes', alk: 'no', ros1: 'dontknow', brain_metastases: 'yes', hiv: 'no' }),
        ).toEqual({ egfr: true, alk: false, brain_metastases: true, hiv: false });
      });

      it.each([
        ['pregnant', 'pregnant_nursing'],
        ['chronic_liver_disease', 'liver_diseases'],
        ['chronic_heart_disease', 'cardiac_disorders'],
        ['chronic_kidney_disease', 'kidney_diseases'],
        ['hpv16', 'hpv_16'],
        ['hpv18', 'hpv_18'],
        ['aml_cns', 'cns_leukemia'],
        ['her2_non_breast', 'her2'],
        ['nets_progression', 'progressive_disease'],
      ] as const)('should rename %s to %s', (field, key) => {
        expect(convert({ [field]: 'yes' })).toEqual({ [key]: true });
        expect(convert({ [field]: 'no' })).toEqual({ [key]: false });
      });

      it('should prefer the breast HER2 answer over the non-breast one', () => {
        expect(convert({ her2: 'no', her2_non_breast: 'yes' }).her2).toBe(false);
        expect(convert({ her2: 'dontknow', her2_non_breast: 'yes' }).her2).toBe(true);
      });

      it('should drop yes/no answers without a criterion', () => {
        expect(
          convert({
            mesothelin: 'yes',
            hpvother: 'yes',
            liver_transplant: 'no',
            hpv_vaccination: 'yes',
          }),
        ).toEqual({});
      });

      it('should set every unanswered comorbidity false when there are no other diseases', () => {
        expect(convert({ no_other_diseases: 'yes', diabetes: 'yes' })).toEqual({
          autoimmune: false,
          diabetes: true,
          cardiac_disorders: false,
          hiv: false,
          kidney_diseases: false,
          liver_diseases: false,
          other_cancer: false,
        });
        expect(convert({ dont_know_other_diseases: 'yes' })).toEqual({});
      });
    });

    describe('interventional', () => {
      it('should read yes/true and no/false', () => {
        expect(convert({ interventional: 'yes' })).toEqual({ interventional: true });
        expect(convert({ interventional: 'no' })).toEqual({ interventional: false });
        expect(convert({ interventional: true as never })).toEqual({ interventional: true });
        expect(convert({ interventional: false as never })).toEqual({ interventional: false });
        expect(convert({ interventional: 'dontknow' })).toEqual({});
      });
    });

    it('should not turn search and person fields into criterions', () => {
      expect(
        convert({
          type_of_disease: 'melanoma',
          patient_location: 'Zagreb',
          radius: 100,
          radius_unit: 'KM',
          latitude: 45.8,
          longitude: 15.9,
          facility_ids: ['1'],
          userId: 'u',
          sessionId: 's',
          userSource: 'ancora_hcp',
          _id: 'x',
          __v: 0,
        }),
      ).toEqual({});
    });

    it('should output only criterion keys and interventional', () => {
      const all = convert({
        lung_cancer: 'nsclc',
        nsclc: 'squamous',
        melanoma: 'uveal',
        treatment_stage: 'relapsed',
        nets_location: 'pancreas',
        cancer_stage: '4',
        egfr: 'yes',
        proteasome: 'yes',
        age: 50,
        gender: 'male',
        interventional: 'yes',
        psa: 3,
      });
      const keys = Object.keys(all);
      expect(keys.length).toBeGreaterThan(10);
      expect(keys.filter((k) => !isCriterionKey(k))).toEqual(['interventional']);
    });

    describe('flag families', () => {
      it.each([
        ['menopause', 'postmenopausal', { postmenopausal: true, premenopausal: false }],
        ['menopause', 'premenopausal', { postmenopausal: false, premenopausal: true }],
        ['menopause', 'menopausal', { postmenopausal: false, premenopausal: false }],
        ['lung_cancer', 'nsclc', { nsclc: true, sclc: false }],
        ['lung_cancer', 'sclc', { nsclc: false, sclc: true }],
        [
          'nsclc',
          'adenocarcinoma',
          { adenocarcinoma: true, squamous: false, large_cell: false, adenosquamous: false },
        ],
        [
          'nsclc',
          'squamous',
          { adenocarcinoma: false, squamous: true, large_cell: false, adenosquamous: false },
        ],
        [
          'nsclc',
          'large_cell',
          { adenocarcinoma: false, squamous: false, large_cell: true, adenosquamous: false },
        ],
        [
          'nscc',
          'adenosquamous',
          { adenocarcinoma: false, squamous: false, large_cell: false, adenosquamous: true },
        ],
        ['mss', 'mss', { mss: true, msi_high: false }],
        ['mss', 'msi_high', { mss: false, msi_high: true }],
        [
          'melanoma',
          'cutaneous',
          {
            cutaneous_melanoma: true,
            acral_melanoma: false,
            mucosal_melanoma: false,
            uveal_melanoma: false,
          },
        ],
        [
          'melanoma',
          'acral',
          {
            cutaneous_melanoma: true,
            acral_melanoma: true,
            mucosal_melanoma: false,
            uveal_melanoma: false,
          },
        ],
        [
          'melanoma',
          'uveal',
          {
            cutaneous_melanoma: false,
            acral_melanoma: false,
            mucosal_melanoma: false,
            uveal_melanoma: true,
          },
        ],
        [
          'cholangiocarcinoma',
          'extrahepatic',
          {
            intrahepatic_cholangiocarcinoma: false,
            extrahepatic_cholangiocarcinoma: true,
            gallbladder_cancer: false,
          },
        ],
        [
          'liver_cancer_subtype',
          'hcc',
          { hcc: true, fibrolamellar_hcc: false, mixed_hcc_cholangiocarcinoma: false },
        ],
        ['castration', 'cspc', { cspc: true, crpc: false }],
        ['castration', 'crpc', { cspc: false, crpc: true }],
        ['castration', 'no', { crpc: false }],
        ['bc_subtype', 'ilc', { dcis: false, lcis: false, idc: false, ilc: true, ibc: false }],
        ['bc_subtype', 'dcis', { dcis: true, lcis: false, idc: false, ilc: false, ibc: false }],
        [
          'ovarian_subtype',
          'clear_cell',
          {
            serous_ovarian: false,
            endometrioid_ovarian: false,
            clear_cell_ovarian: true,
            mucinous_ovarian: false,
            borderline_ovarian: false,
          },
        ],
        [
          'ovarian_subtype',
          'other',
          {
            serous_ovarian: false,
            endometrioid_ovarian: false,
            clear_cell_ovarian: false,
            mucinous_ovarian: false,
            borderline_ovarian: false,
          },
        ],
        [
          'ovarian_grade',
          'ovarian_high_grade',
          { ovarian_high_grade: true, ovarian_low_grade: false },
        ],
        [
          'kidney_cancer_subtype',
          'clear_cell',
          {
            clear_cell_rcc: true,
            papillary_rcc: false,
            chromophobe_rcc: false,
            non_clear_cell_rcc: false,
          },
        ],
        [
          'kidney_cancer_subtype',
          'papillary',
          {
            clear_cell_rcc: false,
            papillary_rcc: true,
            chromophobe_rcc: false,
            non_clear_cell_rcc: true,
          },
        ],
        ['pancreatic_cancer_subtype', 'pdac', { pdac: true, pancreatic_acinar_carcinoma: false }],
        [
          'aml_subtype',
          'therapy_related',
          { de_novo_aml: false, secondary_aml: true, therapy_related_aml: true, apl: false },
        ],
        [
          'aml_subtype',
          'apl',
          { de_novo_aml: false, secondary_aml: false, therapy_related_aml: false, apl: true },
        ],
        [
          'mm_subtype',
          'smoldering',
          { smoldering_myeloma: true, active_myeloma: false, plasma_cell_leukemia: false },
        ],
        ['alLeukemia_subtype', 't_cell', { b_cell_all: false, t_cell_all: true }],
        [
          'treatment_stage',
          'untreated',
          { untreated: true, remission: false, relapsed: false, refractory: false },
        ],
        ['treatment_stage', 'treated', { untreated: false, remission: false, relapsed: false }],
        [
          'treatment_stage',
          'remission',
          { untreated: false, remission: true, relapsed: false, refractory: false },
        ],
        // A relapsed or refractory cancer is not newly diagnosed.
        [
          'treatment_stage',
          'relapsed',
          { untreated: false, remission: false, relapsed: true, newly_diagnosed: false },
        ],
        [
          'treatment_stage',
          'refractory',
          { untreated: false, remission: false, refractory: true, newly_diagnosed: false },
        ],
        [
          'nets_location',
          'small_intestine',
          {
            net_pancreas: false,
            net_small_intestine: true,
            net_stomach: false,
            net_colorectal: false,
            net_appendix: false,
            net_lung: false,
            net_gep: true,
            pheochromocytoma: false,
            paraganglioma: false,
            net_unknown_primary: false,
          },
        ],
        [
          'nets_location',
          'paraganglioma',
          {
            net_pancreas: false,
            net_small_intestine: false,
            net_stomach: false,
            net_colorectal: false,
            net_appendix: false,
            net_lung: false,
            net_gep: false,
            pheochromocytoma: false,
            paraganglioma: true,
            net_unknown_primary: false,
          },
        ],
        [
          'nets_differentiation',
          'poorly_differentiated',
          { well_differentiated: false, poorly_differentiated: true },
        ],
        [
          'nets_symptoms',
          'uncontrolled',
          { symptoms_controlled: false, symptoms_uncontrolled: true },
        ],
        ['nets_symptoms', 'none', { symptoms_controlled: false, symptoms_uncontrolled: false }],
      ] as const)('should turn %s %s into its flags', (field, value, flags) => {
        expect(convert({ [field]: value })).toEqual(flags);
      });

      // Deliberate deviation from spec 02 §3: unanswered must never exclude a trial.
      it.each([
        'menopause',
        'lung_cancer',
        'nsclc',
        'nscc',
        'mss',
        'melanoma',
        'cholangiocarcinoma',
        'liver_cancer_subtype',
        'castration',
        'bc_subtype',
        'ovarian_subtype',
        'ovarian_grade',
        'kidney_cancer_subtype',
        'pancreatic_cancer_subtype',
        'aml_subtype',
        'mm_subtype',
        'alLeukemia_subtype',
        'treatment_stage',
        'nets_location',
        'nets_differentiation',
        'nets_symptoms',
        'nets_staging',
      ] as const)('should leave the %s family unknown for dontknow or empty', (field) => {
        expect(convert({ [field]: 'dontknow' })).toEqual({});
        expect(convert({ [field]: '' })).toEqual({});
      });

      it('should let the nsclc histology win over the nscc one', () => {
        expect(convert({ nscc: 'squamous', nsclc: 'adenocarcinoma' })).toMatchObject({
          adenocarcinoma: true,
          squamous: false,
        });
      });

      it('should let explicit relapsed and crpc answers win over the choices', () => {
        expect(convert({ treatment_stage: 'refractory', relapsed: 'yes' })).toEqual({
          untreated: false,
          remission: false,
          refractory: true,
          relapsed: true,
          newly_diagnosed: false,
        });
        expect(convert({ crpc: 'yes' })).toEqual({ crpc: true, cspc: false });
        expect(convert({ crpc: 'no' })).toEqual({ crpc: false });
      });

      it('should keep newly_diagnosed as answered, and read a new diagnosis as not relapsed or progressed', () => {
        expect(convert({ newly_diagnosed: 'yes' })).toEqual({
          newly_diagnosed: true,
          relapsed: false,
          refractory: false,
          progressive_disease: false,
        });
        expect(convert({ newly_diagnosed: 'no' })).toEqual({ newly_diagnosed: false });
        // An answer to the other question wins over what the new diagnosis implies.
        expect(convert({ newly_diagnosed: 'yes', relapsed: 'yes' })).toEqual({
          newly_diagnosed: true,
          relapsed: true,
          refractory: false,
          progressive_disease: false,
        });
        // A neuroendocrine tumour's own progression answer wins too.
        expect(
          convert({
            type_of_disease: 'neuroendocrine_tumors',
            newly_diagnosed: 'yes',
            nets_progression: 'yes',
          }),
        ).toMatchObject({ newly_diagnosed: true, progressive_disease: true });
      });

      it('should read a relapsed or refractory cancer as not newly diagnosed', () => {
        expect(convert({ relapsed: 'yes' })).toEqual({ relapsed: true, newly_diagnosed: false });
        expect(convert({ treatment_stage: 'refractory' })).toMatchObject({
          refractory: true,
          newly_diagnosed: false,
        });
        expect(convert({ relapsed: 'no' })).toEqual({ relapsed: false });
        expect(convert({ treatment_stage: 'relapsed', newly_diagnosed: 'yes' })).toMatchObject({
          relapsed: true,
          newly_diagnosed: true,
        });
      });

      it('should read a cancer that had a systemic treatment as neither untreated nor newly diagnosed', () => {
        expect(convert({ chemotherapy: '2' })).toMatchObject({
          chemotherapy: 2,
          untreated: false,
          newly_diagnosed: false,
        });
        expect(convert({ checkpoint_therapy: 'yes' })).toMatchObject({
          untreated: false,
          newly_diagnosed: false,
        });
        // No line, or a local treatment only, says nothing of it.
        expect(convert({ chemotherapy: '0' })).toEqual({ chemotherapy: 0 });
        expect(convert({ radiation_therapy: 'yes', major_surgery: 'yes' })).toEqual({
          radiation_therapy: -1,
          major_surgery: -1,
        });
        // An answer to the status itself wins.
        expect(convert({ chemotherapy: '1', newly_diagnosed: 'yes' })).toMatchObject({
          newly_diagnosed: true,
        });
      });

      it('should mark triple-negative breast cancer when ER, PR and HER2 are all negative', () => {
        expect(convert({ er: 'no', pr: 'no', her2: 'no' }).tnbc).toBe(true);
        expect(convert({ er: 'no', pr: 'yes', her2: 'no' }).tnbc).toBe(false);
        expect(convert({ er: 'no', pr: 'no' }).tnbc).toBeUndefined();
        expect(convert({ er: 'no', pr: 'no', her2: 'dontknow' }).tnbc).toBeUndefined();
      });
    });

    describe('stage flags', () => {
      it.each([
        ['4', true],
        ['4.1', true],
        ['4.2', true],
        ['3.3', false],
        ['0', false],
      ] as const)('should derive metastatic from stage %s', (stage, expected) => {
        expect(convert({ cancer_stage: stage }).metastatic).toBe(expected);
      });

      it('should take metastatic from an explicit answer, a sign of it winning', () => {
        expect(convert({ tnm_M: 'm1' }).metastatic).toBe(true);
        expect(convert({ tnm_M: 'm0' }).metastatic).toBe(false);
        expect(convert({ tnm_M: 'mx' }).metastatic).toBeUndefined();
        expect(convert({ nets_staging: 'metastatic' }).metastatic).toBe(true);
        expect(convert({ nets_staging: 'localized' }).metastatic).toBe(false);
        expect(convert({ cancer_stage: '3.1', nets_staging: 'metastatic' }).metastatic).toBe(true);
      });

      it('should map the resectable answers, each excluding the other', () => {
        expect(convert({ stage_resectable: 'yes' })).toEqual({
          resectable: true,
          unresectable: false,
        });
        expect(convert({ stage_unresectable: 'yes' })).toEqual({
          unresectable: true,
          resectable: false,
        });
        expect(convert({ stage_resectable: 'no' })).toEqual({ resectable: false });
      });

      it('should not read an ovarian cancer of FIGO stage III as not metastatic (round 11a)', () => {
        // FIGO III is peritoneal spread beyond the pelvis, which trials may read as metastatic.
        const ovarian = { type_of_disease: 'ovarian_cancer' } as const;
        expect(convert({ ...ovarian, cancer_stage: '3.3' }).metastatic).toBeUndefined();
        expect(convert({ ...ovarian, cancer_stage: '2.1' }).metastatic).toBe(false);
        expect(convert({ ...ovarian, cancer_stage: '4' }).metastatic).toBe(true);
        expect(convert({ ...ovarian, cancer_stage: '3.3', tnm_M: 'm0' }).metastatic).toBe(false);
        // Other cancers of stage III have not spread afar.
        expect(
          convert({ type_of_disease: 'cervical_cancer', cancer_stage: '3.3' }).metastatic,
        ).toBe(false);
      });

      it('should read a stage 0-II cancer that has not spread as not unresectable (round 11a)', () => {
        // A trial for "locally advanced, unresectable or metastatic" disease then conflicts
        // with a patient whose cancer is stage IIA.
        expect(convert({ cancer_stage: '2.1' })).toMatchObject({
          metastatic: false,
          unresectable: false,
        });
        expect(convert({ cancer_stage: '1.1', type_of_disease: 'lung_cancer' }).unresectable).toBe(
          false,
        );
        // Stage III may be unresectable; an answer wins; M1 is metastatic, not early.
        expect(convert({ cancer_stage: '3.1' }).unresectable).toBeUndefined();
        expect(convert({ cancer_stage: '2.2', stage_unresectable: 'yes' }).unresectable).toBe(true);
        expect(convert({ cancer_stage: '2.2', tnm_M: 'm1' }).unresectable).toBeUndefined();
        // A liver, biliary or pancreatic cancer may be unresectable at stage II.
        for (const disease of ['liver_cancer', 'cholangiocarcinoma', 'pancreatic_cancer']) {
          expect(
            convert({ cancer_stage: '2.1', type_of_disease: disease }).unresectable,
          ).toBeUndefined();
        }
      });
    });
  });

  describe(criterionsForSearch.name, () => {
    it('should send the breast-cancer partner answers as they are', () => {
      expect(criterionsForSearch({ er: 'yes' }, BREAST_CANCER_USER_SOURCE, NOW)).toEqual({
        er: true,
        tnbc: false,
      });
      expect(criterionsForSearch({ interventional: 'no' }, BREAST_CANCER_USER_SOURCE, NOW)).toEqual(
        { interventional: false },
      );
    });

    it('should search interventional trials for every other source', () => {
      expect(criterionsForSearch({ er: 'yes', interventional: 'no' }, 'ancora_hcp', NOW)).toEqual({
        er: true,
        tnbc: false,
        interventional: true,
      });
      expect(criterionsForSearch({}, undefined, NOW)).toEqual({ interventional: true });
    });

    it('should use the seeded breast-cancer partner source name', () => {
      expect(BREAST_CANCER_USER_SOURCE).toBe('breast_cancer_partner');
    });
  });
});
