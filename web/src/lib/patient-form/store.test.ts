import { afterEach, describe, expect, it } from 'vitest';
import {
  dispatchForm,
  FORM_STORAGE_KEY,
  formReducer,
  getForm,
  initialForm,
  isAnswered,
  resetFormStoreForTests,
} from './store';

afterEach(() => {
  window.localStorage.clear();
  resetFormStoreForTests();
});

describe('patient form store', () => {
  it('should start with the spec defaults', () => {
    const form = initialForm();
    expect(form.age).toBe('dontknow');
    expect(form.radius).toBe('1000');
    expect(form.interventional).toBe('no');
    expect(form.facility_ids).toEqual([]);
    expect(form.latitude).toBe(0);
  });

  it('should set, clear, append, remove and toggle like the spec profile changes', () => {
    let form = formReducer(initialForm(), { type: 'set', name: 'egfr', value: 'yes' });
    expect(form.egfr).toBe('yes');
    form = formReducer(form, { type: 'clear', name: 'egfr' });
    expect(form.egfr).toBe('');
    form = formReducer(form, { type: 'append', name: 'facility_ids', value: '7' });
    form = formReducer(form, { type: 'append', name: 'facility_ids', value: '7' });
    expect(form.facility_ids).toEqual(['7']);
    form = formReducer(form, { type: 'toggle', name: 'facility_ids', value: '9' });
    form = formReducer(form, { type: 'remove', name: 'facility_ids', value: '7' });
    expect(form.facility_ids).toEqual(['9']);
    form = formReducer(form, { type: 'clearMany', names: ['facility_ids', 'radius'] });
    expect(form.facility_ids).toEqual([]);
    expect(form.radius).toBe('');
    expect(formReducer(form, { type: 'reset' }).radius).toBe('1000');
  });

  it('should keep the form in local storage so a reload finds it', () => {
    dispatchForm({ type: 'set', name: 'type_of_disease', value: 'lung_cancer' });
    resetFormStoreForTests();
    expect(getForm().type_of_disease).toBe('lung_cancer');
    const stored = JSON.parse(window.localStorage.getItem(FORM_STORAGE_KEY) ?? '{}') as {
      type_of_disease?: string;
    };
    expect(stored.type_of_disease).toBe('lung_cancer');
  });

  it('should treat empty strings, null and empty lists as unanswered', () => {
    expect(isAnswered('')).toBe(false);
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered('no')).toBe(true);
    expect(isAnswered(0)).toBe(true);
  });
});
