import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dispatchForm,
  getForm,
  resetFormStoreForTests,
  type PatientForm,
} from '@/lib/patient-form';
import { commitAnswers } from './answer';
import {
  ADRENAL_NET_MARKERS,
  applyCascades,
  DISEASE_CHANGE_CLEARS,
  DISEASE_CHANGED_EVENT,
  HORMONE_INJECTION_FIELDS,
  HORMONE_TABLET_FIELDS,
  NEWLY_DIAGNOSED_CLEARS,
  prepareForm,
  PROSTATE_HORMONE_FIELDS,
} from './cascades';

/** The form after answering `field` with `value` (a set, then its cascades). */
function change(previous: PatientForm, field: string, value: string): PatientForm {
  return applyCascades(previous, { ...previous, [field]: value }, field);
}

function filled(fields: readonly string[], value = 'yes'): PatientForm {
  return Object.fromEntries(fields.map((f) => [f, value]));
}

afterEach(() => {
  resetFormStoreForTests();
});

describe('applyCascades (spec 02 §4 Answer cascades)', () => {
  describe('newly_diagnosed yes clears a list of fields', () => {
    const history: PatientForm = {
      ...filled(NEWLY_DIAGNOSED_CLEARS),
      chemotherapy: '2',
      targeted_therapy: '1',
      local_metastates_treatment: '1',
      autologous: '-1',
      autologous_month: '3',
      autologous_year: '2019',
      castration: 'cspc',
    };

    it('should list the treatment history and relapse, not the diagnosis', () => {
      for (const field of [
        'chemotherapy',
        'targeted_therapy',
        'checkpoint_therapy',
        'radiation_therapy',
        'major_surgery',
        'hormonal_therapy',
        'parp_therapy',
        'autologous',
        'autologous_year',
        'allogeneic_month',
        'castration',
        'lhrh_agonists',
        'prrt',
        'local_metastates_treatment',
        'relapsed',
      ]) {
        expect(NEWLY_DIAGNOSED_CLEARS).toContain(field);
      }
      for (const field of ['type_of_disease', 'cancer_stage', 'egfr', 'ecog', 'newly_diagnosed']) {
        expect(NEWLY_DIAGNOSED_CLEARS).not.toContain(field);
      }
    });

    it('should clear every field of the list on yes', () => {
      const next = change(
        { ...history, egfr: 'yes', cancer_stage: '2.1' },
        'newly_diagnosed',
        'yes',
      );
      for (const field of NEWLY_DIAGNOSED_CLEARS) {
        expect([field, next[field]]).toEqual([field, '']);
      }
      expect(next.newly_diagnosed).toBe('yes');
      expect(next.egfr).toBe('yes');
      expect(next.cancer_stage).toBe('2.1');
    });

    it('should clear nothing on no or dontknow', () => {
      expect(change(history, 'newly_diagnosed', 'no')).toEqual({
        ...history,
        newly_diagnosed: 'no',
      });
      expect(change(history, 'newly_diagnosed', 'dontknow')).toEqual({
        ...history,
        newly_diagnosed: 'dontknow',
      });
    });
  });

  describe('treatment_stage', () => {
    const base: PatientForm = { ...filled(NEWLY_DIAGNOSED_CLEARS), relapsed: 'yes' };

    it('should set newly_diagnosed yes and clear the list for untreated', () => {
      const next = change(base, 'treatment_stage', 'untreated');
      expect(next.newly_diagnosed).toBe('yes');
      expect(next.treatment_stage).toBe('untreated');
      for (const field of NEWLY_DIAGNOSED_CLEARS) {
        expect([field, next[field]]).toEqual([field, '']);
      }
    });

    it.each(['treated', 'remission'])(
      'should set newly_diagnosed no and relapsed no for %s',
      (stage) => {
        const next = change({ ...base, newly_diagnosed: 'yes' }, 'treatment_stage', stage);
        expect(next.newly_diagnosed).toBe('no');
        expect(next.relapsed).toBe('no');
        expect(next.chemotherapy).toBe('yes');
      },
    );

    it.each(['relapsed', 'refractory'])(
      'should set newly_diagnosed no and leave relapsed for %s',
      (stage) => {
        const next = change({ ...base, newly_diagnosed: 'yes' }, 'treatment_stage', stage);
        expect(next.newly_diagnosed).toBe('no');
        expect(next.relapsed).toBe('yes');
      },
    );

    it('should clear newly_diagnosed for dontknow', () => {
      const next = change({ ...base, newly_diagnosed: 'no' }, 'treatment_stage', 'dontknow');
      expect(next.newly_diagnosed).toBe('');
      expect(next.relapsed).toBe('yes');
    });
  });

  describe('gender', () => {
    const answered: PatientForm = { gender: 'female', pregnant: 'no', menopause: 'postmenopausal' };

    it.each(['male', ''])('should clear pregnant and menopause for %j', (gender) => {
      const next = change(answered, 'gender', gender);
      expect(next.pregnant).toBe('');
      expect(next.menopause).toBe('');
    });

    it('should keep them for female', () => {
      expect(change({ ...answered, gender: 'male' }, 'gender', 'female')).toMatchObject({
        pregnant: 'no',
        menopause: 'postmenopausal',
      });
    });
  });

  describe('cancer_stage', () => {
    it.each(['0', '1.1', '2.2', '3.3', 'dontknow', ''])(
      'should clear brain_metastases for stage %j',
      (stage) => {
        expect(
          change({ cancer_stage: '4', brain_metastases: 'yes' }, 'cancer_stage', stage),
        ).toMatchObject({
          brain_metastases: '',
        });
      },
    );

    it.each(['4', '4.1', '4.2'])(
      'should keep brain_metastases for stage %s (stage IV)',
      (stage) => {
        expect(change({ brain_metastases: 'yes' }, 'cancer_stage', stage).brain_metastases).toBe(
          'yes',
        );
      },
    );

    it('should clear gleason_score for stage 4.2 only', () => {
      expect(change({ gleason_score: '8' }, 'cancer_stage', '4.2').gleason_score).toBe('');
      expect(change({ gleason_score: '8' }, 'cancer_stage', '4.1').gleason_score).toBe('8');
      expect(change({ gleason_score: '8' }, 'cancer_stage', '3.1').gleason_score).toBe('8');
    });
  });

  describe('lung_cancer', () => {
    it.each(['sclc', 'dontknow', ''])('should clear nsclc for %j', (type) => {
      expect(change({ lung_cancer: 'nsclc', nsclc: 'squamous' }, 'lung_cancer', type).nsclc).toBe(
        '',
      );
    });

    it('should keep nsclc for nsclc', () => {
      expect(change({ nsclc: 'squamous' }, 'lung_cancer', 'nsclc').nsclc).toBe('squamous');
    });
  });

  describe.each(['allogeneic', 'autologous'])('%s transplant', (transplant) => {
    const dated: PatientForm = {
      [transplant]: '-1',
      [`${transplant}_month`]: '4',
      [`${transplant}_year`]: '2020',
    };

    it.each(['-2', 'dontknow', ''])('should clear its month and year for %j', (value) => {
      const next = change(dated, transplant, value);
      expect(next[`${transplant}_month`]).toBe('');
      expect(next[`${transplant}_year`]).toBe('');
    });

    it('should keep them for -1', () => {
      expect(change({ ...dated, [transplant]: '' }, transplant, '-1')).toMatchObject(dated);
    });
  });

  describe('prostate hormone injections and tablets', () => {
    const both: PatientForm = {
      ...filled(HORMONE_INJECTION_FIELDS),
      ...filled(HORMONE_TABLET_FIELDS),
    };

    it.each(HORMONE_INJECTION_FIELDS)('should clear the tablets when %s is chosen', (field) => {
      const next = change({ ...both, [field]: '' }, field, 'yes');
      for (const tablet of HORMONE_TABLET_FIELDS) {
        expect([tablet, next[tablet]]).toEqual([tablet, '']);
      }
      expect(next[field]).toBe('yes');
    });

    it.each(HORMONE_TABLET_FIELDS)('should clear the injections when %s is chosen', (field) => {
      const next = change({ ...both, [field]: '' }, field, 'yes');
      for (const injection of HORMONE_INJECTION_FIELDS) {
        expect([injection, next[injection]]).toEqual([injection, '']);
      }
      expect(next[field]).toBe('yes');
    });

    it('should clear nothing when one is taken back', () => {
      const next = change(both, 'prostate_hormone_therapy_injections', '');
      expect(next.prostate_hormone_therapy_tablets).toBe('yes');
      expect(next.lhrh_agonists).toBe('yes');
    });
  });

  describe('resectable or unresectable stage', () => {
    it.each(['stage_resectable', 'stage_unresectable'])(
      'should clear local_metastates_treatment when %s is yes',
      (field) => {
        expect(
          change({ local_metastates_treatment: '2' }, field, 'yes').local_metastates_treatment,
        ).toBe('');
      },
    );

    it('should keep local_metastates_treatment when unticked', () => {
      expect(
        change({ local_metastates_treatment: '2', stage_resectable: 'yes' }, 'stage_resectable', '')
          .local_metastates_treatment,
      ).toBe('2');
    });
  });

  describe('nets_grade', () => {
    it('should clear nets_differentiation when the grade changes', () => {
      expect(
        change({ nets_grade: '1', nets_differentiation: 'well_differentiated' }, 'nets_grade', '2')
          .nets_differentiation,
      ).toBe('');
    });

    it('should set poorly_differentiated for grade 10 (carcinoma)', () => {
      expect(
        change({ nets_differentiation: 'well_differentiated' }, 'nets_grade', '10')
          .nets_differentiation,
      ).toBe('poorly_differentiated');
    });
  });

  describe('nets_location', () => {
    const answered: PatientForm = {
      nets_grade: '2',
      nets_differentiation: 'well_differentiated',
      ...filled(ADRENAL_NET_MARKERS),
    };

    it.each(['pheochromocytoma', 'paraganglioma'])(
      'should clear nets_grade and nets_differentiation for %s',
      (location) => {
        const next = change(answered, 'nets_location', location);
        expect(next.nets_grade).toBe('');
        expect(next.nets_differentiation).toBe('');
        expect(next.vhl).toBe('yes');
        expect(next.sdh).toBe('yes');
      },
    );

    it.each(['pancreas', 'small_intestine', 'lung', 'unknown_primary', 'other', 'dontknow'])(
      'should clear vhl, ret, nf1 and sdh for %s',
      (location) => {
        const next = change(answered, 'nets_location', location);
        expect([next.vhl, next.ret, next.nf1, next.sdh]).toEqual(['', '', '', '']);
        expect(next.nets_grade).toBe('2');
      },
    );
  });

  describe('bc_subtype', () => {
    it.each(['dcis', 'lcis'])('should set cancer_stage 0 for %s', (subtype) => {
      expect(change({ cancer_stage: '2.1' }, 'bc_subtype', subtype).cancer_stage).toBe('0');
    });

    it.each(['idc', 'ilc', 'ibc', 'dontknow'])('should clear cancer_stage for %s', (subtype) => {
      expect(change({ cancer_stage: '2.1' }, 'bc_subtype', subtype).cancer_stage).toBe('');
    });

    it('should pass the stage change on (stage 0 clears brain_metastases)', () => {
      const next = change({ cancer_stage: '4', brain_metastases: 'yes' }, 'bc_subtype', 'dcis');
      expect(next.brain_metastases).toBe('');
    });
  });

  describe('ovarian_subtype', () => {
    it('should set high grade for clear_cell and low grade for borderline', () => {
      expect(change({}, 'ovarian_subtype', 'clear_cell').ovarian_grade).toBe('ovarian_high_grade');
      expect(change({}, 'ovarian_subtype', 'borderline').ovarian_grade).toBe('ovarian_low_grade');
    });

    it.each(['serous', 'endometrioid', 'mucinous', 'other', 'dontknow', ''])(
      'should clear ovarian_grade for %j',
      (subtype) => {
        expect(
          change({ ovarian_grade: 'ovarian_high_grade' }, 'ovarian_subtype', subtype).ovarian_grade,
        ).toBe('');
      },
    );
  });

  describe('castration', () => {
    const hormones = filled(PROSTATE_HORMONE_FIELDS);

    it.each(['no', 'dontknow', ''])('should clear every hormone therapy field for %j', (status) => {
      const next = change(hormones, 'castration', status);
      for (const field of PROSTATE_HORMONE_FIELDS) {
        expect([field, next[field]]).toEqual([field, '']);
      }
    });

    it.each(['cspc', 'crpc'])('should keep them for %s', (status) => {
      expect(change(hormones, 'castration', status)).toMatchObject(hormones);
    });
  });

  describe('prostate cancer: newly_diagnosed and crpc', () => {
    const prostate: PatientForm = {
      type_of_disease: 'prostate_cancer',
      gender: 'male',
      crpc: 'yes',
    };

    it('should set crpc no when newly diagnosed', () => {
      expect(change(prostate, 'newly_diagnosed', 'yes').crpc).toBe('no');
    });

    it('should clear crpc when not newly diagnosed', () => {
      expect(change(prostate, 'newly_diagnosed', 'no').crpc).toBe('');
    });

    it('should leave crpc alone for another condition', () => {
      expect(change({ crpc: 'yes' }, 'newly_diagnosed', 'yes').crpc).toBe('yes');
    });
  });

  describe('breast cancer: hr from er and pr', () => {
    it.each([
      [{ er: 'yes', pr: '' }, 'er', 'yes'],
      [{ er: 'no', pr: 'yes' }, 'pr', 'yes'],
      [{ er: 'yes', pr: 'no' }, 'pr', 'yes'],
      [{ er: 'no', pr: 'no' }, 'er', 'no'],
      [{ er: 'no', pr: 'dontknow' }, 'pr', ''],
      [{ er: '', pr: 'no' }, 'er', ''],
    ])('should give hr %s → %s', (answers, field, hr) => {
      const previous: PatientForm = { hr: 'dontknow', er: '', pr: '' };
      expect(change({ ...previous, ...answers }, field, answers[field as 'er' | 'pr']).hr).toBe(hr);
    });
  });

  describe('choosing a disease', () => {
    it.each([
      ['prostate_cancer', 'male'],
      ['cervical_cancer', 'female'],
      ['ovarian_cancer', 'female'],
    ])('should set the sex for %s', (disease, gender) => {
      expect(
        change({ type_of_disease: 'lung_cancer', gender: '' }, 'type_of_disease', disease).gender,
      ).toBe(gender);
    });

    it('should clear pregnancy and menopause through the sex it sets', () => {
      const next = change(
        {
          type_of_disease: 'breast_cancer',
          gender: 'female',
          pregnant: 'no',
          menopause: 'premenopausal',
        },
        'type_of_disease',
        'prostate_cancer',
      );
      expect(next).toMatchObject({ gender: 'male', pregnant: '', menopause: '' });
    });

    it('should not keep the sex of the previous patient for other conditions', () => {
      expect(
        change(
          { type_of_disease: 'prostate_cancer', gender: 'male' },
          'type_of_disease',
          'lung_cancer',
        ).gender,
      ).toBe('');
    });

    it('should clear the chosen facilities (the form part of the search state)', () => {
      const previous: PatientForm = {
        type_of_disease: 'lung_cancer',
        facility_ids: ['12', '14'],
        facility: 'Hospital Clínic',
        facility_name: 'Hospital Clínic',
        zip_code: 'Barcelona, Spain',
      };
      expect(DISEASE_CHANGE_CLEARS).toEqual(['facility_ids', 'facility', 'facility_name']);
      const next = change(previous, 'type_of_disease', 'melanoma');
      expect(next.facility_ids).toEqual([]);
      expect(next.facility).toBe('');
      expect(next.facility_name).toBe('');
      expect(next.zip_code).toBe('Barcelona, Spain');
    });

    it('should keep them when the same condition is chosen again', () => {
      const previous: PatientForm = { type_of_disease: 'lung_cancer', facility_ids: ['12'] };
      expect(change(previous, 'type_of_disease', 'lung_cancer').facility_ids).toEqual(['12']);
    });

    it('should carry no answer of one condition into another, keeping the place', () => {
      const lung: PatientForm = {
        type_of_disease: 'lung_cancer',
        lung_cancer: 'nsclc',
        egfr: 'yes',
        checkpoint_therapy: 'yes',
        cancer_stage: '3.1',
        tnm_T: 'T2',
        age: '61',
        gender: 'female',
        ecog: '1',
        zip_code: 'Berlin, Germany',
        latitude: 52.5,
      };
      const next = change(lung, 'type_of_disease', 'breast_cancer');
      expect(next).toMatchObject({
        type_of_disease: 'breast_cancer',
        lung_cancer: '',
        egfr: '',
        checkpoint_therapy: '',
        cancer_stage: '',
        tnm_T: '',
        age: '',
        gender: '',
        ecog: '',
        zip_code: 'Berlin, Germany',
        latitude: 52.5,
      });
    });
  });

  describe('TNM', () => {
    it('should set the stage from T, N and M', () => {
      const form: PatientForm = { tnm_T: 't2', tnm_N: 'n1' };
      expect(change(form, 'tnm_M', 'm0').cancer_stage).toBe('2.2');
      expect(change({ ...form, tnm_M: 'm0' }, 'tnm_N', 'n3').cancer_stage).toBe('3.3');
      expect(change({ ...form, tnm_M: 'm0' }, 'tnm_M', 'm1').cancer_stage).toBe('4');
    });

    it('should clear the stage for an unknown combination', () => {
      expect(
        change({ tnm_N: 'n0', tnm_M: 'm0', cancer_stage: '1.1' }, 'tnm_T', 'tx').cancer_stage,
      ).toBe('');
      expect(change({ cancer_stage: '2.1' }, 'tnm_T', 't1').cancer_stage).toBe('');
    });

    it('should pass a stage leaving IV on (brain_metastases cleared)', () => {
      const form: PatientForm = {
        tnm_T: 't2',
        tnm_N: 'n0',
        tnm_M: 'm1',
        cancer_stage: '4',
        brain_metastases: 'yes',
      };
      expect(change(form, 'tnm_M', 'm0')).toMatchObject({
        cancer_stage: '1.2',
        brain_metastases: '',
      });
    });
  });

  describe('beyond the spec bullets', () => {
    it('should clear T, N and M when a different stage is chosen directly', () => {
      const tnm: PatientForm = { tnm_T: 't1', tnm_N: 'n0', tnm_M: 'm0', cancer_stage: '1.1' };
      expect(change(tnm, 'cancer_stage', '3.1')).toMatchObject({ tnm_T: '', tnm_N: '', tnm_M: '' });
      expect(change(tnm, 'cancer_stage', '1.1')).toMatchObject({
        tnm_T: 't1',
        tnm_N: 'n0',
        tnm_M: 'm0',
      });
    });

    it('should clear the answers of questions that hide', () => {
      const lung: PatientForm = {
        type_of_disease: 'lung_cancer',
        cancer_stage: '4',
        local_metastates_treatment: '2',
        lung_cancer: 'nsclc',
        egfr: 'yes',
      };
      expect(change(lung, 'cancer_stage', '3.1').local_metastates_treatment).toBe('');
      // Small cell lung cancer asks no NSCLC biomarkers.
      expect(change(lung, 'lung_cancer', 'sclc').egfr).toBe('');
    });

    it('should let resectable and unresectable exclude each other', () => {
      expect(
        change({ stage_resectable: 'yes' }, 'stage_unresectable', 'yes').stage_resectable,
      ).toBe('');
      expect(
        change({ stage_unresectable: 'yes' }, 'stage_resectable', 'yes').stage_unresectable,
      ).toBe('');
    });

    it('should let "no other diseases", "not known" and a named disease exclude each other', () => {
      const named: PatientForm = { diabetes: 'yes', hiv: 'yes' };
      expect(change(named, 'no_other_diseases', 'yes')).toMatchObject({ diabetes: '', hiv: '' });
      expect(change(named, 'dont_know_other_diseases', 'yes')).toMatchObject({
        diabetes: '',
        hiv: '',
      });
      expect(change({ no_other_diseases: 'yes' }, 'diabetes', 'yes').no_other_diseases).toBe('');
      expect(
        change({ dont_know_other_diseases: 'yes' }, 'no_other_diseases', 'yes')
          .dont_know_other_diseases,
      ).toBe('');
    });
  });
});

describe('prepareForm', () => {
  it('should set the sex of the condition and keep the chosen facilities', () => {
    const next = prepareForm({
      type_of_disease: 'prostate_cancer',
      gender: 'female',
      pregnant: 'no',
      facility_ids: ['7'],
      egfr: 'yes',
    });
    expect(next).toMatchObject({ gender: 'male', pregnant: '', facility_ids: ['7'], egfr: '' });
  });

  it('should keep the disease status a heme condition derives from treatment_stage', () => {
    const aml: PatientForm = {
      type_of_disease: 'acute_myeloid_leukemia',
      treatment_stage: 'remission',
      newly_diagnosed: 'no',
      relapsed: 'no',
    };
    expect(prepareForm(aml)).toEqual(aml);
  });
});

describe('commitAnswers', () => {
  it('should store the cascaded form and tell the search that the condition changed', () => {
    dispatchForm({
      type: 'setMany',
      values: { type_of_disease: 'lung_cancer', facility_ids: ['3'] },
    });
    const listener = vi.fn();
    window.addEventListener(DISEASE_CHANGED_EVENT, listener);
    commitAnswers({ type_of_disease: 'prostate_cancer' });
    window.removeEventListener(DISEASE_CHANGED_EVENT, listener);

    expect(getForm()).toMatchObject({
      type_of_disease: 'prostate_cancer',
      gender: 'male',
      facility_ids: [],
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0][0] as CustomEvent).detail).toEqual({
      previous: 'lung_cancer',
      disease: 'prostate_cancer',
    });
  });

  it('should not fire the event for other answers', () => {
    dispatchForm({ type: 'set', name: 'type_of_disease', value: 'lung_cancer' });
    const listener = vi.fn();
    window.addEventListener(DISEASE_CHANGED_EVENT, listener);
    commitAnswers({ egfr: 'yes' });
    window.removeEventListener(DISEASE_CHANGED_EVENT, listener);
    expect(listener).not.toHaveBeenCalled();
    expect(getForm().egfr).toBe('yes');
  });
});
