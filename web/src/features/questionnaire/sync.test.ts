import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateAnswers } from '@trialflow/contract';
import { dispatchForm, getForm, initialForm, resetFormStoreForTests } from '@/lib/patient-form';
import { STORAGE_KEYS } from '@/lib/storage';
import { postQuestionnaire, type SavedQuestionnaire } from './api/save-questionnaire';
import {
  questionnaireBody,
  requestQuestionnaireSync,
  resetQuestionnaireSyncForTests,
} from './sync';

vi.mock('./api/save-questionnaire', () => ({ postQuestionnaire: vi.fn() }));

function deferred() {
  let resolve: (value: SavedQuestionnaire) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<SavedQuestionnaire>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.mocked(postQuestionnaire).mockReset();
});

afterEach(() => {
  resetQuestionnaireSyncForTests();
  resetFormStoreForTests();
});

describe('questionnaireBody (spec 02 §7 call 3)', () => {
  const form = {
    type_of_disease: 'lung_cancer',
    egfr: 'yes',
    alk: '',
    age: 'dontknow',
    facility_ids: [],
    ethnicity_multiselect: ['x'],
    latitude: 41.39,
    pregnant: null,
    userId: 'stale-user',
    sessionId: 'stale-session',
    userSource: 'stale-source',
    somethingElse: 'not a questionnaire field',
    _id: 'q1',
  };

  it('should send the answered fields, the userSource and the userId of a signed-in user', () => {
    expect(
      questionnaireBody(form, { userSource: 'ancora_hcp', userId: 'u1', sessionId: 's1' }),
    ).toEqual({
      type_of_disease: 'lung_cancer',
      egfr: 'yes',
      age: 'dontknow',
      ethnicity_multiselect: ['x'],
      latitude: 41.39,
      _id: 'q1',
      userSource: 'ancora_hcp',
      userId: 'u1',
    });
  });

  it('should send the session id for a guest', () => {
    const body = questionnaireBody(form, {
      userSource: 'ancora_hcp',
      userId: null,
      sessionId: 's1',
    });
    expect(body.sessionId).toBe('s1');
    expect(body).not.toHaveProperty('userId');
  });
});

describe('questionnaireBody against the API validation', () => {
  it('should be accepted as it is built from a real form', () => {
    const form = {
      ...initialForm(),
      type_of_disease: 'multiple_myeloma',
      zip_code: 'Madrid, Spain',
      country_name: 'ES',
      latitude: 40.42,
      longitude: -3.7,
      radius: '100',
      radius_unit: 'KM',
      facility_ids: ['12'],
      age: '67',
      gender: 'male',
      ecog: '1',
      treatment_stage: 'relapsed',
      newly_diagnosed: 'no',
      chemotherapy: '3',
      autologous: '-1',
      autologous_month: '3',
      autologous_year: '2021',
      psa: '4.5',
      cancer_stage: '3.1',
      diabetes: 'yes',
      other_disease: 'Gout',
      egfr: '',
      _id: 'q-1',
    };
    const body = questionnaireBody(form, {
      userSource: 'ancora_hcp',
      userId: null,
      sessionId: '0b7a4c1e-9a1b-4c7e-8f00-1234567890ab',
    });
    expect(validateAnswers(body)).not.toHaveProperty('errors');
  });
});

describe('requestQuestionnaireSync', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.sessionId, 'session-1');
  });

  it('should post the form and take only the bookkeeping of the answer', async () => {
    dispatchForm({ type: 'setMany', values: { type_of_disease: 'lung_cancer', egfr: 'yes' } });
    vi.mocked(postQuestionnaire).mockResolvedValue({
      _id: 'q-9',
      timestamp: 1700000000,
      egfr: 'no',
      type_of_disease: 'melanoma',
    });

    requestQuestionnaireSync({ userSource: 'ancora_hcp' });

    await waitFor(() => expect(getForm()._id).toBe('q-9'));
    expect(postQuestionnaire).toHaveBeenCalledWith(
      expect.objectContaining({
        type_of_disease: 'lung_cancer',
        egfr: 'yes',
        sessionId: 'session-1',
        userSource: 'ancora_hcp',
      }),
    );
    expect(getForm()).toMatchObject({
      egfr: 'yes',
      type_of_disease: 'lung_cancer',
      timestamp: 1700000000,
    });
  });

  it('should send one call at a time, the next with the form as it is then', async () => {
    const first = deferred();
    const second = deferred();
    vi.mocked(postQuestionnaire)
      .mockReturnValueOnce(first.promise)
      .mockReturnValueOnce(second.promise);

    dispatchForm({ type: 'set', name: 'egfr', value: 'yes' });
    requestQuestionnaireSync({ userSource: 'ancora_hcp' });
    dispatchForm({ type: 'set', name: 'alk', value: 'no' });
    requestQuestionnaireSync({ userSource: 'ancora_hcp' });
    dispatchForm({ type: 'set', name: 'ros1', value: 'no' });
    requestQuestionnaireSync({ userSource: 'ancora_hcp' });

    expect(postQuestionnaire).toHaveBeenCalledTimes(1);
    expect(vi.mocked(postQuestionnaire).mock.calls[0][0]).not.toHaveProperty('alk');

    // The late answer of the first call carries an older form: the answers stay as they are.
    first.resolve({ _id: 'q-1', egfr: 'yes', alk: '', ros1: '' });
    await waitFor(() => expect(postQuestionnaire).toHaveBeenCalledTimes(2));
    expect(vi.mocked(postQuestionnaire).mock.calls[1][0]).toMatchObject({
      egfr: 'yes',
      alk: 'no',
      ros1: 'no',
      _id: 'q-1',
    });
    expect(getForm()).toMatchObject({ alk: 'no', ros1: 'no', _id: 'q-1' });

    second.resolve({ _id: 'q-1', __v: 2 });
    await waitFor(() => expect(getForm().__v).toBe(2));
    expect(postQuestionnaire).toHaveBeenCalledTimes(2);
  });

  it('should only log a failed call, and send again on the next change', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(postQuestionnaire).mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce({});
    dispatchForm({ type: 'set', name: 'egfr', value: 'yes' });

    requestQuestionnaireSync({ userSource: 'ancora_hcp' });
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(getForm().egfr).toBe('yes');

    requestQuestionnaireSync({ userSource: 'ancora_hcp' });
    await waitFor(() => expect(postQuestionnaire).toHaveBeenCalledTimes(2));
  });
});
