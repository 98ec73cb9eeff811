import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVisitorCountry, searchPlaces } from '@/api/sdk.gen';
import { getForm, resetFormStoreForTests } from '@/lib/patient-form';
import { STORAGE_KEYS } from '@/lib/storage';
import { createTestConfig, renderWithApp, TEST_HCP } from '@/testing/render';
import { PLACES_LIMIT } from './api/search-places';
import { DISEASE_CHANGED_EVENT } from './store-search';
import {
  ALL_CONDITIONS,
  BERLIN,
  BERN,
  configWithHospitalCountries,
  LONDON,
  ok,
  placesAnswer,
  resetDataLayer,
} from './testing/fixtures';

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  searchPlaces: vi.fn(),
  getVisitorCountry: vi.fn(),
}));

const BREAST_PARTNER_HCP = { ...TEST_HCP, userSource: 'breast_cancer_partner' };
const ALL_CONFIG = createTestConfig({ conditions: ALL_CONDITIONS });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(searchPlaces).mockImplementation(placesAnswer);
  vi.mocked(getVisitorCountry).mockImplementation(() => ok({ countryCode: 'DE' }));
  resetFormStoreForTests();
  resetDataLayer();
});

afterEach(() => {
  resetFormStoreForTests();
});

type Options = Parameters<typeof renderWithApp>[1];

async function renderHome(options: Options = {}) {
  const result = renderWithApp(null, {
    route: '/',
    user: TEST_HCP,
    config: ALL_CONFIG,
    ...options,
  });
  const form = await screen.findByRole('search');
  return { ...result, form };
}

function optionLabels(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '')
    .slice(1); // the placeholder
}

describe('home search form (spec 01 §2 Home, spec 02 §1, §5)', () => {
  it('should offer every condition sorted by its Spanish label', async () => {
    await renderHome({ language: 'es' });

    expect(optionLabels(screen.getByLabelText('Enfermedad'))).toEqual([
      'Cáncer colorrectal',
      'Cáncer de cuello uterino',
      'Cáncer de esófago',
      'Cáncer de hígado',
      'Cáncer de mama',
      'Cáncer de ovario',
      'Cáncer de páncreas',
      'Cáncer de próstata',
      'Cáncer de pulmón',
      'Cáncer de riñón',
      'Cáncer gástrico',
      'Colangiocarcinoma',
      'Leucemia linfoblástica aguda',
      'Leucemia mieloide aguda',
      'Melanoma',
      'Mieloma múltiple',
      'Tumores neuroendocrinos',
    ]);
  });

  it('should sort by the German labels in German, not by key', async () => {
    await renderHome({ language: 'de' });

    const labels = optionLabels(screen.getByLabelText('Erkrankung'));
    expect(labels).toHaveLength(17);
    expect(labels.slice(0, 4)).toEqual([
      'Akute lymphatische Leukämie',
      'Akute myeloische Leukämie',
      'Bauchspeicheldrüsenkrebs',
      'Brustkrebs',
    ]);
    expect(labels.at(-1)).toBe('Speiseröhrenkrebs');
  });

  it("should offer only the partner's conditions and preset its condition", async () => {
    await renderHome({ user: BREAST_PARTNER_HCP });

    const select = screen.getByLabelText('Condition');
    expect(optionLabels(select)).toEqual(['Breast cancer']);
    expect(select).toHaveValue('breast_cancer');
  });

  it('should show both messages and stay on home when nothing is chosen', async () => {
    const { user, router, form } = await renderHome();
    expect(form).toHaveAccessibleName('Trial search');

    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));

    expect(await screen.findByText('Please select a condition')).toBeInTheDocument();
    expect(screen.getByText('Please select a location')).toBeInTheDocument();
    expect(screen.getByLabelText('Condition')).toHaveFocus();
    expect(router?.state.location.pathname).toBe('/');
    expect(window.dataLayer).toEqual([{ event: 'search_pressed' }]);
  });

  it('should not accept a typed location that was not picked from the suggestions', async () => {
    const { user, router } = await renderHome();
    await user.selectOptions(screen.getByLabelText('Condition'), 'melanoma');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Berlin');

    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));

    expect(await screen.findByText('Please select a location')).toBeInTheDocument();
    expect(screen.queryByText('Please select a condition')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveFocus();
    expect(router?.state.location.pathname).toBe('/');
  });

  it('should revert a typed character that is not allowed', async () => {
    const { user } = await renderHome();
    const input = screen.getByRole('combobox', { name: 'Location' });

    await user.type(input, 'Ber<');
    expect(input).toHaveValue('Ber');
    expect(
      screen.getByText("Only letters, numbers, spaces and . , ' - ( ) can be used here."),
    ).toBeInTheDocument();

    await user.type(input, '@;');
    expect(input).toHaveValue('Ber');

    await user.clear(input);
    await user.type(input, "Saint-Étienne (Loire), l'Île 42. Москва");
    expect(input).toHaveValue("Saint-Étienne (Loire), l'Île 42. Москва");
    expect(
      screen.queryByText("Only letters, numbers, spaces and . , ' - ( ) can be used here."),
    ).not.toBeInTheDocument();
  });

  it('should turn pasted tabs and no-break spaces into spaces and ask for the places with them', async () => {
    const { user } = await renderHome();
    const input = screen.getByRole('combobox', { name: 'Location' });

    await user.click(input);
    await user.paste('10117\tBerlin,\u00a0Germany');

    expect(input).toHaveValue('10117 Berlin, Germany');
    expect(
      screen.queryByText("Only letters, numbers, spaces and . , ' - ( ) can be used here."),
    ).not.toBeInTheDocument();
    await waitFor(() =>
      expect(searchPlaces).toHaveBeenLastCalledWith(
        expect.objectContaining({ query: { q: '10117 Berlin, Germany', limit: PLACES_LIMIT } }),
      ),
    );
  });

  it('should fill the patient form from a picked suggestion, in miles in the UK', async () => {
    const { user } = await renderHome();
    const input = screen.getByRole('combobox', { name: 'Location' });

    await user.type(input, 'Lon');
    await user.click(await screen.findByRole('option', { name: LONDON.label }));

    expect(input).toHaveValue(LONDON.label);
    expect(searchPlaces).toHaveBeenLastCalledWith(
      expect.objectContaining({ query: { q: 'Lon', limit: PLACES_LIMIT } }),
    );
    expect(getForm()).toMatchObject({
      zip_code: LONDON.label,
      country_name: 'GB',
      latitude: LONDON.latitude,
      longitude: LONDON.longitude,
      radius_unit: 'MI',
      radius: '1000',
    });
    expect(localStorage.getItem(STORAGE_KEYS.countryCode)).toBe('GB');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('should use kilometres outside the US and the UK', async () => {
    const { user } = await renderHome();

    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Berl');
    await user.click(await screen.findByRole('option', { name: BERLIN.label }));

    expect(getForm()).toMatchObject({ country_name: 'DE', radius_unit: 'KM' });
    expect(localStorage.getItem(STORAGE_KEYS.countryCode)).toBe('DE');
  });

  it('should pick a suggestion with the arrow keys and Enter, and close the list on Escape', async () => {
    const { user, router } = await renderHome();
    const input = screen.getByRole('combobox', { name: 'Location' });

    await user.type(input, 'Ber');
    const listbox = await screen.findByRole('listbox', { name: 'Location' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      BERLIN.label,
      BERN.label,
      'Bergamo, Lombardy, Italy',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps to the last.
    expect(input).toHaveAttribute('aria-activedescendant', options[2].id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1].id);

    await user.keyboard('{Enter}');
    expect(input).toHaveValue(BERN.label);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(getForm()).toMatchObject({ zip_code: BERN.label, country_name: 'CH' });
    // Enter picked; it did not submit the form.
    expect(screen.queryByText('Please select a condition')).not.toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/');

    await user.type(input, '{Backspace}');
    await screen.findByRole('listbox', { name: 'Location' });
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('should go to the questionnaire with the condition and place, and record the search', async () => {
    const { user, router } = await renderHome();
    await user.selectOptions(screen.getByLabelText('Condition'), 'lung_cancer');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Berl');
    await user.click(await screen.findByRole('option', { name: BERLIN.label }));

    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));

    await waitFor(() => expect(router?.state.location.pathname).toBe('/questionnaire'));
    expect(getForm()).toMatchObject({
      type_of_disease: 'lung_cancer',
      zip_code: BERLIN.label,
      country_name: 'DE',
      latitude: BERLIN.latitude,
      longitude: BERLIN.longitude,
      radius_unit: 'KM',
      facility_ids: [],
    });
    expect(window.dataLayer).toEqual([
      { event: 'search_pressed' },
      {
        event: 'location_and_disease',
        condition: 'lung_cancer',
        countryCode: 'DE',
        city: 'Berlin',
      },
    ]);
  });

  it('should open the questionnaire with the sex prostate cancer implies', async () => {
    // Home stores the condition without the questionnaire's cascades; the questionnaire applies
    // them when it opens (spec 02 §4: choosing prostate cancer sets gender to male).
    const { user, router } = await renderHome({
      storage: {
        'trialflow.form': JSON.stringify({ type_of_disease: 'ovarian_cancer', gender: 'female' }),
      },
    });
    await user.selectOptions(screen.getByLabelText('Condition'), 'prostate_cancer');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Berl');
    await user.click(await screen.findByRole('option', { name: BERLIN.label }));
    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));
    // Another condition is another patient: the doctor is asked before the answers go.
    const dialog = await screen.findByRole('dialog', { name: "Discard this patient's answers?" });
    await user.click(within(dialog).getByRole('button', { name: 'Discard answers' }));

    await screen.findByRole('heading', { level: 1, name: 'Patient questionnaire' });
    expect(router?.state.location.pathname).toBe('/questionnaire');
    await waitFor(() => expect(getForm()).toMatchObject({ gender: 'male' }));
    const sex = screen.getByRole('group', { name: 'Sex' });
    expect(within(sex).getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(within(sex).getByRole('radio', { name: 'Female' })).not.toBeChecked();
  });

  it('should keep the place of an earlier visit chosen', async () => {
    const { user, router } = await renderHome({
      storage: {
        'trialflow.form': JSON.stringify({
          type_of_disease: 'melanoma',
          zip_code: BERLIN.label,
          country_name: 'DE',
          latitude: BERLIN.latitude,
          longitude: BERLIN.longitude,
        }),
      },
    });

    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue(BERLIN.label);
    expect(screen.getByLabelText('Condition')).toHaveValue('melanoma');
    const diseaseChanged = vi.fn();
    window.addEventListener(DISEASE_CHANGED_EVENT, diseaseChanged);
    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));

    await waitFor(() => expect(router?.state.location.pathname).toBe('/questionnaire'));
    // Same condition: the search keeps its filters.
    expect(diseaseChanged).not.toHaveBeenCalled();
    window.removeEventListener(DISEASE_CHANGED_EVENT, diseaseChanged);
  });

  it('should announce a change of condition so the search starts its filters afresh', async () => {
    const { user, router } = await renderHome({
      storage: {
        'trialflow.form': JSON.stringify({
          type_of_disease: 'melanoma',
          zip_code: BERLIN.label,
          country_name: 'DE',
          latitude: BERLIN.latitude,
          longitude: BERLIN.longitude,
          facility_ids: ['7'],
        }),
      },
    });
    const details: unknown[] = [];
    const listener = (event: Event) => details.push((event as CustomEvent).detail);
    window.addEventListener(DISEASE_CHANGED_EVENT, listener);

    await user.selectOptions(screen.getByLabelText('Condition'), 'kidney_cancer');
    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));

    await waitFor(() => expect(router?.state.location.pathname).toBe('/questionnaire'));
    window.removeEventListener(DISEASE_CHANGED_EVENT, listener);
    expect(details).toEqual([{ previous: 'melanoma', disease: 'kidney_cancer' }]);
    expect(getForm()).toMatchObject({ type_of_disease: 'kidney_cancer', facility_ids: [] });
  });

  it('should show the suggestions error and no-match messages', async () => {
    const { user } = await renderHome();
    const input = screen.getByRole('combobox', { name: 'Location' });

    await user.type(input, 'Xyz');
    expect(
      await screen.findByText('No places found. Check the spelling or try a nearby city.'),
    ).toBeInTheDocument();

    vi.mocked(searchPlaces).mockRejectedValue(new Error('offline'));
    await user.type(input, 'w');
    expect(
      await screen.findByText('Places could not be loaded. Please try again.'),
    ).toBeInTheDocument();
  });

  it('should store the visitor country on the first visit and use its radius unit', async () => {
    vi.mocked(getVisitorCountry).mockImplementation(() => ok({ countryCode: 'US' }));
    await renderHome();

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.countryCode)).toBe('US'));
    expect(getForm().radius_unit).toBe('MI');
  });

  it('should not ask for the visitor country once one is stored', async () => {
    await renderHome({ storage: { [STORAGE_KEYS.countryCode]: 'ES' } });

    expect(getVisitorCountry).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.countryCode)).toBe('ES');
  });

  it('should fall back to HR when the visitor country cannot be had', async () => {
    vi.mocked(getVisitorCountry).mockRejectedValue(new Error('offline'));
    await renderHome();

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.countryCode)).toBe('HR'));
  });

  it('should not show the search form to clinops users', async () => {
    renderWithApp(null, {
      route: '/',
      user: { ...TEST_HCP, clinopsuser: true },
      config: ALL_CONFIG,
    });

    expect(
      await screen.findByRole('heading', { name: 'Manage patient referrals for your trials.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});

describe('hospital-selection button (spec 01 §2 Home)', () => {
  async function pick(user: ReturnType<typeof renderWithApp>['user'], text: string, label: string) {
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.clear(input);
    await user.type(input, text);
    await user.click(await screen.findByRole('option', { name: label }));
  }

  it('should show only for a place in a configured country, for a partner with a grouping', async () => {
    const { user } = await renderHome({
      user: BREAST_PARTNER_HCP,
      config: configWithHospitalCountries(['de', 'AT']),
    });
    expect(screen.queryByRole('button', { name: 'Select hospitals' })).not.toBeInTheDocument();

    await pick(user, 'Berl', BERLIN.label);
    expect(screen.getByRole('button', { name: 'Select hospitals' })).toBeInTheDocument();

    await pick(user, 'Bern', BERN.label);
    expect(screen.queryByRole('button', { name: 'Select hospitals' })).not.toBeInTheDocument();

    // Typing makes the place unchosen again: no button until a suggestion is picked.
    await pick(user, 'Berl', BERLIN.label);
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'x');
    expect(screen.queryByRole('button', { name: 'Select hospitals' })).not.toBeInTheDocument();
  });

  it('should stay hidden when the configuration has no list (the default)', async () => {
    const { user } = await renderHome({ user: BREAST_PARTNER_HCP });

    await pick(user, 'Berl', BERLIN.label);

    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue(BERLIN.label);
    expect(screen.queryByRole('button', { name: 'Select hospitals' })).not.toBeInTheDocument();
  });

  it('should stay hidden for a partner without a facility grouping', async () => {
    const { user } = await renderHome({ config: configWithHospitalCountries(['DE']) });

    await pick(user, 'Berl', BERLIN.label);

    expect(screen.queryByRole('button', { name: 'Select hospitals' })).not.toBeInTheDocument();
  });
});

describe("one patient at a time, the doctor's radius (issue 15)", () => {
  const LUNG_PATIENT = {
    type_of_disease: 'lung_cancer',
    lung_cancer: 'nsclc',
    cancer_stage: '4',
    tnm_T: 'T2',
    age: '61',
    gender: 'female',
    zip_code: BERLIN.label,
    country_name: 'DE',
    latitude: BERLIN.latitude,
    longitude: BERLIN.longitude,
    radius: '1000',
    radius_unit: 'KM',
  };

  it("should start a breast-cancer search without the lung patient's stage, TNM, age and sex", async () => {
    const { user, router } = await renderHome({
      storage: { 'trialflow.form': JSON.stringify(LUNG_PATIENT) },
    });
    await user.selectOptions(screen.getByLabelText('Condition'), 'breast_cancer');
    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));
    const dialog = await screen.findByRole('dialog', { name: "Discard this patient's answers?" });
    await user.click(within(dialog).getByRole('button', { name: 'Discard answers' }));

    await screen.findByRole('heading', { level: 1, name: 'Patient questionnaire' });
    expect(router?.state.location.pathname).toBe('/questionnaire');
    const form = getForm();
    expect(form.type_of_disease).toBe('breast_cancer');
    for (const field of ['lung_cancer', 'cancer_stage', 'tnm_T', 'gender']) {
      expect(form[field] ?? '').toBe('');
    }
    expect(form.age).not.toBe('61');
    expect(form.zip_code).toBe(BERLIN.label);
  });

  it('should keep the answers and stay when the doctor keeps them', async () => {
    const { user, router } = await renderHome({
      storage: { 'trialflow.form': JSON.stringify(LUNG_PATIENT) },
    });
    await user.selectOptions(screen.getByLabelText('Condition'), 'breast_cancer');
    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));
    const dialog = await screen.findByRole('dialog', { name: "Discard this patient's answers?" });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the answers' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/');
    expect(getForm()).toMatchObject({
      type_of_disease: 'lung_cancer',
      cancer_stage: '4',
      age: '61',
    });
  });

  it('should clear the patient with "New patient", after asking, keeping the place', async () => {
    const { user } = await renderHome({
      storage: { 'trialflow.form': JSON.stringify({ ...LUNG_PATIENT, radius: '5000' }) },
    });
    expect(screen.getByLabelText('Condition')).toHaveValue('lung_cancer');
    await user.click(screen.getByRole('button', { name: 'New patient' }));
    const dialog = await screen.findByRole('dialog', { name: "Discard this patient's answers?" });
    await user.click(within(dialog).getByRole('button', { name: 'Discard answers' }));

    await waitFor(() => expect(screen.getByLabelText('Condition')).toHaveValue(''));
    const form = getForm();
    expect(form.type_of_disease ?? '').toBe('');
    expect(form.cancer_stage ?? '').toBe('');
    expect(form.age).toBe('dontknow');
    expect(form.radius).toBe('1000');
    expect(form.zip_code).toBe(BERLIN.label);
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue(BERLIN.label);
    expect(screen.getByRole('combobox', { name: 'Search radius' })).toHaveDisplayValue('1,000 km');
    // Nothing left to clear: the action goes away.
    expect(screen.queryByRole('button', { name: 'New patient' })).not.toBeInTheDocument();
  });

  it('should offer the radius in km, then in miles for a place in the UK, without inheriting a widened one', async () => {
    const { user } = await renderHome();
    await user.selectOptions(screen.getByLabelText('Condition'), 'melanoma');
    const location = screen.getByRole('combobox', { name: 'Location' });
    await user.type(location, 'Berl');
    await user.click(await screen.findByRole('option', { name: BERLIN.label }));
    const radius = screen.getByRole('combobox', { name: 'Search radius' });
    expect(radius).toHaveDisplayValue('1,000 km');
    await user.selectOptions(radius, '2500');
    expect(getForm().radius).toBe('2500');

    await user.clear(location);
    await user.type(location, 'Lond');
    await user.click(await screen.findByRole('option', { name: LONDON.label }));
    expect(screen.getByRole('combobox', { name: 'Search radius' })).toHaveDisplayValue('1,000 mi');
    await user.click(screen.getByRole('button', { name: 'Find Trial Matches' }));

    await screen.findByRole('heading', { level: 1, name: 'Patient questionnaire' });
    expect(getForm()).toMatchObject({ radius: '1000', radius_unit: 'MI', country_name: 'GB' });
  });
});
