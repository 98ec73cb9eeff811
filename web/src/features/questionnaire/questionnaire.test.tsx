import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dispatchForm,
  FORM_STORAGE_KEY,
  getForm,
  resetFormStoreForTests,
  type PatientForm,
} from '@/lib/patient-form';
import { renderWithApp, TEST_HCP } from '@/testing/render';
import { postQuestionnaire } from './api/save-questionnaire';
import { DISEASE_CHANGED_EVENT } from './cascades';
import { resetQuestionnaireSyncForTests } from './sync';

vi.mock('./api/save-questionnaire', () => ({ postQuestionnaire: vi.fn() }));

const LOCATION: PatientForm = {
  zip_code: 'Barcelona, Spain',
  country_name: 'ES',
  latitude: 41.39,
  longitude: 2.17,
  radius: '100',
  radius_unit: 'KM',
};

function startWith(values: PatientForm): void {
  dispatchForm({ type: 'setMany', values: { ...LOCATION, ...values } });
}

async function openQuestionnaire(values: PatientForm) {
  startWith(values);
  const rendered = renderWithApp(null, { route: '/questionnaire', user: TEST_HCP });
  await screen.findByRole('heading', { level: 1, name: 'Patient questionnaire' });
  return rendered;
}

function lastBody(): Record<string, unknown> {
  const calls = vi.mocked(postQuestionnaire).mock.calls;
  return calls[calls.length - 1][0];
}

function panel(): HTMLElement {
  return screen.getByRole('complementary', { name: 'Patient Information' });
}

beforeEach(() => {
  vi.mocked(postQuestionnaire).mockReset();
  vi.mocked(postQuestionnaire).mockResolvedValue({ _id: 'q-1' });
});

afterEach(() => {
  resetQuestionnaireSyncForTests();
  resetFormStoreForTests();
});

describe('questionnaire screen (spec 02 §2, /questionnaire)', () => {
  it('should send the user to / when no condition is chosen', async () => {
    const { router } = renderWithApp(null, { route: '/questionnaire', user: TEST_HCP });
    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
  });

  it('should store each answer with its cascades, show it in the panel and sync it', async () => {
    const { user } = await openQuestionnaire({ type_of_disease: 'lung_cancer' });

    expect(screen.getByRole('heading', { level: 2, name: 'Diagnosis' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Previous Treatments' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
    // The histology is asked once the cancer is known to be non-small cell.
    expect(screen.queryByRole('group', { name: 'NSCLC histology' })).not.toBeInTheDocument();

    const type = screen.getByRole('group', { name: 'Lung cancer type' });
    await user.click(
      within(type).getByRole('radio', { name: 'Non-small cell lung cancer (NSCLC)' }),
    );
    const histology = await screen.findByRole('group', { name: 'NSCLC histology' });
    await user.click(within(histology).getByRole('radio', { name: 'Squamous cell carcinoma' }));
    await user.selectOptions(screen.getByLabelText('Stage'), '4');
    const brain = await screen.findByRole('group', { name: 'Brain metastases' });
    await user.click(within(brain).getByRole('radio', { name: 'Yes' }));
    await user.click(
      within(screen.getByRole('group', { name: 'EGFR mutation' })).getByRole('radio', {
        name: 'Positive',
      }),
    );

    expect(getForm()).toMatchObject({
      lung_cancer: 'nsclc',
      nsclc: 'squamous',
      cancer_stage: '4',
      brain_metastases: 'yes',
      egfr: 'yes',
    });
    await waitFor(() => expect(lastBody()).toMatchObject({ egfr: 'yes' }));
    expect(lastBody()).toMatchObject({
      type_of_disease: 'lung_cancer',
      lung_cancer: 'nsclc',
      nsclc: 'squamous',
      cancer_stage: '4',
      brain_metastases: 'yes',
      userSource: 'ancora_hcp',
      userId: TEST_HCP._id,
      zip_code: 'Barcelona, Spain',
    });
    expect(lastBody()).not.toHaveProperty('alk');
    await waitFor(() => expect(getForm()._id).toBe('q-1'));

    const info = within(panel());
    expect(info.getByText('Brain metastases').nextSibling).toHaveTextContent('Yes');
    expect(info.getByText('EGFR mutation').nextSibling).toHaveTextContent('Positive');
    expect(info.getByText('Stage').nextSibling).toHaveTextContent('Stage IV');

    // Stage III clears the brain metastases answer (spec 02 §4).
    await user.selectOptions(screen.getByLabelText('Stage'), '3.1');
    expect(screen.queryByRole('group', { name: 'Brain metastases' })).not.toBeInTheDocument();
    expect(getForm().brain_metastases).toBe('');
    expect(info.queryByText('Brain metastases')).not.toBeInTheDocument();
  });

  it('should stage from T, N and M', async () => {
    const { user } = await openQuestionnaire({ type_of_disease: 'breast_cancer' });
    await user.selectOptions(screen.getByLabelText('T – primary tumor'), 't2');
    await user.selectOptions(screen.getByLabelText('N – regional lymph nodes'), 'n1');
    await user.selectOptions(screen.getByLabelText('M – distant metastases'), 'm0');
    expect(screen.getByLabelText('Stage')).toHaveValue('2.2');
    expect(getForm().cancer_stage).toBe('2.2');
  });

  it('should send typed numbers when the field is left, not on every key', async () => {
    const { user } = await openQuestionnaire({ type_of_disease: 'lung_cancer' });
    const age = screen.getByLabelText('Age (years)');
    await user.type(age, '67');
    expect(getForm().age).toBe('67');
    expect(postQuestionnaire).not.toHaveBeenCalled();

    await user.tab();
    await waitFor(() => expect(postQuestionnaire).toHaveBeenCalledTimes(1));
    expect(lastBody()).toMatchObject({ age: '67' });

    await user.clear(age);
    await user.type(age, '300');
    expect(await screen.findByText('Enter a whole number from 0 to 120.')).toBeInTheDocument();
    // An impossible age is not kept: the answer goes back to unanswered.
    expect(getForm().age).toBe('dontknow');
  });

  it('should hide previous treatments for a newly diagnosed patient and clear them', async () => {
    const { user } = await openQuestionnaire({
      type_of_disease: 'melanoma',
      checkpoint_therapy: 'yes',
      chemotherapy: '1',
    });
    expect(screen.getByLabelText('Prior lines of chemotherapy')).toHaveValue('1');

    await user.click(
      within(screen.getByRole('group', { name: 'Newly diagnosed, not treated yet' })).getByRole(
        'radio',
        { name: 'Yes' },
      ),
    );

    expect(
      screen.getByText(
        'The patient is newly diagnosed: there are no previous treatments to record.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Prior lines of chemotherapy')).not.toBeInTheDocument();
    expect(getForm()).toMatchObject({
      checkpoint_therapy: '',
      chemotherapy: '',
      newly_diagnosed: 'yes',
    });
  });

  it('should answer a multi-select and clear it with its remove option', async () => {
    const { user } = await openQuestionnaire({
      type_of_disease: 'prostate_cancer',
      radiation_therapy: 'yes',
    });
    const types = screen.getByLabelText('Type of radiotherapy');
    await user.selectOptions(types, 'ebrt');
    await user.selectOptions(types, 'sabr');
    expect(getForm()).toMatchObject({ ebrt: 'yes', sabr: 'yes' });
    expect(getForm().brachytherapy ?? '').toBe('');
    const chosen = screen.getByRole('list', { name: 'Chosen: Type of radiotherapy' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove External beam radiotherapy' }));
    expect(getForm().ebrt).toBe('');

    await user.selectOptions(types, 'Remove selection');
    expect(getForm()).toMatchObject({ ebrt: '', sabr: '' });
    expect(
      screen.queryByRole('list', { name: 'Chosen: Type of radiotherapy' }),
    ).not.toBeInTheDocument();
    // Prostate cancer implies a male patient.
    expect(getForm().gender).toBe('male');
  });

  it('should ask the transplant date only after a transplant, and show it on its own line', async () => {
    const { user } = await openQuestionnaire({ type_of_disease: 'multiple_myeloma' });
    expect(screen.queryByLabelText('Month')).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'Autologous stem cell transplant' })).getByRole(
        'radio',
        {
          name: 'Yes',
        },
      ),
    );
    await user.selectOptions(screen.getByLabelText('Month'), '3');
    await user.selectOptions(screen.getByLabelText('Year'), '2021');
    expect(getForm()).toMatchObject({
      autologous: '-1',
      autologous_month: '3',
      autologous_year: '2021',
    });
    const info = within(panel());
    expect(info.getByText('Autologous stem cell transplant').nextSibling).toHaveTextContent('Yes');
    expect(info.getByText('Date of the autologous transplant').nextSibling).toHaveTextContent(
      'March 2021',
    );
  });

  it('should clear the chosen facilities and tell the search when the condition changes', async () => {
    const { user } = await openQuestionnaire({
      type_of_disease: 'lung_cancer',
      facility_ids: ['4'],
    });
    const listener = vi.fn();
    window.addEventListener(DISEASE_CHANGED_EVENT, listener);
    await user.selectOptions(screen.getByLabelText('Condition'), 'melanoma');
    window.removeEventListener(DISEASE_CHANGED_EVENT, listener);

    expect(listener).toHaveBeenCalledTimes(1);
    expect(getForm()).toMatchObject({ type_of_disease: 'melanoma', facility_ids: [] });
    expect(screen.getByLabelText('Melanoma type')).toBeInTheDocument();
    await waitFor(() => expect(lastBody()).toMatchObject({ type_of_disease: 'melanoma' }));
  });

  it('should ask before another condition discards the answers, and keep them if the doctor says so', async () => {
    const { user } = await openQuestionnaire({
      type_of_disease: 'lung_cancer',
      egfr: 'yes',
      cancer_stage: '4',
      age: '61',
    });
    const condition = screen.getByLabelText('Condition');
    await user.selectOptions(condition, 'melanoma');
    let dialog = await screen.findByRole('dialog', { name: "Discard this patient's answers?" });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the answers' }));
    expect(getForm()).toMatchObject({ type_of_disease: 'lung_cancer', egfr: 'yes', age: '61' });
    expect(screen.getByLabelText('Condition')).toHaveValue('lung_cancer');

    await user.selectOptions(screen.getByLabelText('Condition'), 'melanoma');
    dialog = await screen.findByRole('dialog', { name: "Discard this patient's answers?" });
    await user.click(within(dialog).getByRole('button', { name: 'Discard answers' }));
    await waitFor(() => expect(getForm().type_of_disease).toBe('melanoma'));
    expect(getForm()).toMatchObject({ egfr: '', cancer_stage: '', age: '' });
    expect(getForm().zip_code).toBe('Barcelona, Spain');
  });

  it('should start a new patient from the questionnaire', async () => {
    const { user, router } = await openQuestionnaire({
      type_of_disease: 'lung_cancer',
      lung_cancer: 'nsclc',
      egfr: 'yes',
    });
    await user.click(screen.getByRole('button', { name: 'New patient' }));
    const dialog = await screen.findByRole('dialog', { name: "Discard this patient's answers?" });
    await user.click(within(dialog).getByRole('button', { name: 'Discard answers' }));

    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
    expect(getForm().type_of_disease ?? '').toBe('');
    expect(getForm().egfr ?? '').toBe('');
    expect(getForm().lung_cancer ?? '').toBe('');
  });

  it('should go to the search with "See matching trials"', async () => {
    const { user, router } = await openQuestionnaire({ type_of_disease: 'lung_cancer' });
    await user.click(screen.getByRole('button', { name: 'See matching trials' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/search'));
    expect(postQuestionnaire).toHaveBeenCalled();
  });

  it('should keep the answers over a reload and follow another tab', async () => {
    const { user, unmount } = await openQuestionnaire({ type_of_disease: 'lung_cancer' });
    await user.click(
      within(screen.getByRole('group', { name: 'ALK rearrangement' })).getByRole('radio', {
        name: 'Negative',
      }),
    );
    unmount();
    resetFormStoreForTests(); // a reload: the form comes back from local storage

    renderWithApp(null, { route: '/questionnaire', user: TEST_HCP });
    const alk = await screen.findByRole('group', { name: 'ALK rearrangement' });
    expect(within(alk).getByRole('radio', { name: 'Negative' })).toBeChecked();

    // Another tab answers ROS1: the stored form changes and a storage event arrives.
    const stored = JSON.parse(localStorage.getItem(FORM_STORAGE_KEY) ?? '{}') as PatientForm;
    const other: PatientForm = { ...stored, ros1: 'yes' };
    act(() => {
      localStorage.setItem(FORM_STORAGE_KEY, JSON.stringify(other));
      window.dispatchEvent(new StorageEvent('storage', { key: FORM_STORAGE_KEY }));
    });
    expect(
      within(screen.getByRole('group', { name: 'ROS1 rearrangement' })).getByRole('radio', {
        name: 'Positive',
      }),
    ).toBeChecked();
  });

  it('should be answerable with the keyboard', async () => {
    const { user } = await openQuestionnaire({ type_of_disease: 'lung_cancer' });
    const type = screen.getByRole('group', { name: 'Lung cancer type' });
    const first = within(type).getByRole('radio', { name: 'Non-small cell lung cancer (NSCLC)' });
    first.focus();
    await user.keyboard(' ');
    expect(getForm().lung_cancer).toBe('nsclc');
    await user.keyboard('{ArrowRight}');
    expect(getForm().lung_cancer).toBe('sclc');
  });
});

describe('keyboard and undo (issue 15)', () => {
  const NSCLC_PATIENT: PatientForm = {
    type_of_disease: 'lung_cancer',
    lung_cancer: 'nsclc',
    nsclc: 'adenocarcinoma',
    egfr: 'yes',
    alk: 'no',
  };

  it('should keep histology, EGFR and ALK when the arrow keys go NSCLC → SCLC → NSCLC', async () => {
    const { user } = await openQuestionnaire(NSCLC_PATIENT);
    const type = screen.getByRole('group', { name: 'Lung cancer type' });
    within(type).getByRole('radio', { name: 'Non-small cell lung cancer (NSCLC)' }).focus();

    await user.keyboard('{ArrowRight}');
    expect(getForm().lung_cancer).toBe('sclc');
    expect(screen.queryByRole('group', { name: 'EGFR mutation' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '3 answers no longer apply and were cleared: NSCLC histology, EGFR mutation, ALK rearrangement.',
    );

    await user.keyboard('{ArrowLeft}');
    expect(getForm()).toMatchObject(NSCLC_PATIENT);
    expect(
      within(screen.getByRole('group', { name: 'EGFR mutation' })).getByRole('radio', {
        name: 'Positive',
      }),
    ).toBeChecked();
    expect(screen.queryByText(/no longer apply/)).not.toBeInTheDocument();
    await waitFor(() => expect(lastBody()).toMatchObject({ egfr: 'yes', alk: 'no' }));
  });

  it('should undo a confirmed change that cleared answers', async () => {
    const { user } = await openQuestionnaire(NSCLC_PATIENT);
    const type = screen.getByRole('group', { name: 'Lung cancer type' });
    await user.click(within(type).getByRole('radio', { name: 'Small cell lung cancer (SCLC)' }));
    expect(getForm()).toMatchObject({ lung_cancer: 'sclc', egfr: '', alk: '', nsclc: '' });

    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(getForm()).toMatchObject(NSCLC_PATIENT);
    expect(
      within(screen.getByRole('group', { name: 'Lung cancer type' })).getByRole('radio', {
        name: 'Non-small cell lung cancer (NSCLC)',
      }),
    ).toBeChecked();
    await waitFor(() => expect(lastBody()).toMatchObject({ lung_cancer: 'nsclc', egfr: 'yes' }));
  });

  it('should forget what it could undo once another question is answered', async () => {
    const { user } = await openQuestionnaire(NSCLC_PATIENT);
    const type = screen.getByRole('group', { name: 'Lung cancer type' });
    await user.click(within(type).getByRole('radio', { name: 'Small cell lung cancer (SCLC)' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    await user.selectOptions(
      screen.getByLabelText('ECOG performance status', { exact: true }),
      '1',
    );

    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await user.click(
      within(type).getByRole('radio', { name: 'Non-small cell lung cancer (NSCLC)' }),
    );
    expect(getForm()).toMatchObject({ lung_cancer: 'nsclc', egfr: '', ecog: '1' });
  });
});

describe('the age field (issue 15)', () => {
  it.each(['6a4', '6.5', '-3', '121', '1e2'])(
    'should refuse %s with a message and keep no age',
    async (typed) => {
      const { user } = await openQuestionnaire({ type_of_disease: 'lung_cancer', age: '61' });
      const age = screen.getByLabelText('Age (years)');
      await user.clear(age);
      await user.type(age, typed);
      await user.tab();

      expect(age).toHaveValue(typed);
      expect(age).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number from 0 to 120.');
      expect(getForm().age).toBe('dontknow');
      await waitFor(() => expect(lastBody()).not.toHaveProperty('age', typed));
    },
  );

  it('should take a whole number', async () => {
    const { user } = await openQuestionnaire({ type_of_disease: 'lung_cancer' });
    await user.type(screen.getByLabelText('Age (years)'), '64');
    await user.tab();
    expect(getForm().age).toBe('64');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
