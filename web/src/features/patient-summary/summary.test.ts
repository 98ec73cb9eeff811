import { describe, expect, it } from 'vitest';
import {
  displayAge,
  isHiddenValue,
  isSearchableForm,
  summarizeForm,
  type SummaryItem,
} from './summary';

const NOW = new Date(2025, 5, 15);

function item(items: SummaryItem[], id: string): SummaryItem | undefined {
  return items.find((entry) => entry.id === id);
}

describe('patient summary display rules (spec 01 §5)', () => {
  it('should put the answers in Diagnosis, Previous Treatments and General, condition first', () => {
    const summary = summarizeForm(
      {
        egfr: 'yes',
        cancer_stage: '3.1',
        type_of_disease: 'lung_cancer',
        chemotherapy: '2',
        ecog: '1',
      },
      NOW,
    );
    expect(summary.diagnosis.map((i) => i.id)).toEqual(['type_of_disease', 'cancer_stage', 'egfr']);
    expect(summary.treatments.map((i) => i.id)).toEqual(['chemotherapy']);
    expect(summary.general.map((i) => i.id)).toEqual(['ecog']);
    expect(summary.diagnosis[0].value).toEqual({
      kind: 'key',
      key: 'common.conditions.lung_cancer',
    });
    expect(summary.diagnosis[1].value).toEqual({
      kind: 'key',
      key: 'questionnaire.options.cancer_stage.3_1',
    });
    expect(summary.diagnosis[2].value).toEqual({
      kind: 'key',
      key: 'questionnaire.options.biomarker.yes',
    });
    expect(summary.treatments[0].value).toEqual({ kind: 'text', text: '2' });
  });

  it('should hide unanswered values, dontknow and newly_diagnosed no', () => {
    const summary = summarizeForm(
      {
        alk: '',
        ros1: 'dontknow',
        age: 'dontknow',
        ethnicity_multiselect: [],
        pregnant: null,
        newly_diagnosed: 'no',
        relapsed: 'no',
        dont_know_other_diseases: 'yes',
      },
      NOW,
    );
    expect(summary.diagnosis.map((i) => i.id)).toEqual(['relapsed']);
    expect(summary.general).toEqual([]);
    expect(summarizeForm({ newly_diagnosed: 'yes' }, NOW).diagnosis.map((i) => i.id)).toEqual([
      'newly_diagnosed',
    ]);
    expect(isHiddenValue('newly_diagnosed', 'no')).toBe(true);
    expect(isHiddenValue('relapsed', 'no')).toBe(false);
    expect(isHiddenValue('egfr', 'dontknow')).toBe(true);
    expect(isHiddenValue('chemotherapy', 0)).toBe(false);
  });

  it('should hide the search, location and bookkeeping fields', () => {
    const summary = summarizeForm(
      {
        _id: 'q1',
        __v: 3,
        timestamp: '2025-01-01',
        createdAt: '2025-01-01',
        userId: 'u1',
        sessionId: 's1',
        userSource: 'ancora_hcp',
        zip_code: 'Barcelona',
        latitude: 41.3,
        radius: '100',
        facility_ids: ['3'],
        interventional: 'no',
      },
      NOW,
    );
    expect([...summary.diagnosis, ...summary.treatments, ...summary.general]).toEqual([]);
  });

  it('should show an age, and a birth year as an age', () => {
    expect(item(summarizeForm({ age: '67' }, NOW).general, 'age')?.value).toEqual({
      kind: 'text',
      text: '67',
    });
    expect(item(summarizeForm({ age: 1958 }, NOW).general, 'age')?.value).toEqual({
      kind: 'text',
      text: '67',
    });
    expect(displayAge('1990', NOW)).toBe(35);
    expect(displayAge('45', NOW)).toBe(45);
    expect(displayAge('', NOW)).toBeNull();
  });

  it('should show therapy answers -1 and -2 as Yes and No', () => {
    const summary = summarizeForm({ autologous: '-2', allogeneic: -1 }, NOW);
    expect(item(summary.treatments, 'autologous')?.value).toEqual({
      kind: 'key',
      key: 'questionnaire.options.yesNo.no',
    });
    expect(item(summary.treatments, 'allogeneic')?.value).toEqual({
      kind: 'key',
      key: 'questionnaire.options.yesNo.yes',
    });
  });

  it('should show a transplant date on its own line, only for a transplant had (-1)', () => {
    const had = summarizeForm(
      { autologous: '-1', autologous_month: '3', autologous_year: '2021' },
      NOW,
    ).treatments;
    expect(had.map((i) => i.id)).toEqual(['autologous', 'autologous_date']);
    expect(item(had, 'autologous_date')).toEqual({
      id: 'autologous_date',
      labelKey: 'questionnaire.questions.autologous_date',
      value: { kind: 'date', month: 3, year: 2021 },
    });
    const notHad = summarizeForm(
      { allogeneic: '-2', allogeneic_month: '3', allogeneic_year: '2021' },
      NOW,
    ).treatments;
    expect(notHad.map((i) => i.id)).toEqual(['allogeneic']);
    const yearOnly = summarizeForm({ allogeneic: '-1', allogeneic_year: '2019' }, NOW).treatments;
    expect(item(yearOnly, 'allogeneic_date')?.value).toEqual({
      kind: 'date',
      month: null,
      year: 2019,
    });
  });

  it('should rename pregnant, gender and nscc', () => {
    const summary = summarizeForm({ pregnant: 'no', gender: 'female', nscc: 'squamous' }, NOW);
    expect(item(summary.general, 'pregnant')?.labelKey).toBe(
      'questionnaire.summary.labels.pregnant',
    );
    expect(item(summary.general, 'gender')?.labelKey).toBe('questionnaire.summary.labels.gender');
    expect(item(summary.diagnosis, 'nscc')?.labelKey).toBe('questionnaire.summary.labels.nscc');
    expect(item(summary.general, 'gender')?.value).toEqual({
      kind: 'key',
      key: 'questionnaire.options.gender.female',
    });
  });
});

describe('isSearchableForm', () => {
  const complete = {
    type_of_disease: 'lung_cancer',
    country_name: 'ES',
    latitude: 41.39,
    longitude: 2.17,
    radius: '100',
  };

  it('should need a condition and a location', () => {
    expect(isSearchableForm(complete)).toBe(true);
    for (const name of Object.keys(complete)) {
      expect([name, isSearchableForm({ ...complete, [name]: '' })]).toEqual([name, false]);
    }
    expect(isSearchableForm({ ...complete, latitude: 0 })).toBe(false);
  });
});
