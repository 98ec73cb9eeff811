import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFacilityGroup, getVisitorCountry, searchPlaces } from '@/api/sdk.gen';
import { FORM_STORAGE_KEY, getForm, resetFormStoreForTests } from '@/lib/patient-form';
import { renderWithApp, TEST_HCP } from '@/testing/render';
import {
  BERLIN,
  configWithHospitalCountries,
  GROUP_3,
  ok,
  placesAnswer,
  resetDataLayer,
} from './testing/fixtures';

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  searchPlaces: vi.fn(),
  getVisitorCountry: vi.fn(),
  getFacilityGroup: vi.fn(),
}));

/** The breast-cancer partner has facility grouping 3 and presets breast cancer. */
const PARTNER_HCP = { ...TEST_HCP, userSource: 'breast_cancer_partner' };

/** A search chosen on an earlier visit: Berlin, so the hospital button is there from the start. */
const STORED_FORM = JSON.stringify({
  type_of_disease: 'breast_cancer',
  zip_code: BERLIN.label,
  country_name: 'DE',
  latitude: BERLIN.latitude,
  longitude: BERLIN.longitude,
  radius_unit: 'KM',
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(searchPlaces).mockImplementation(placesAnswer);
  vi.mocked(getVisitorCountry).mockImplementation(() => ok({ countryCode: 'DE' }));
  vi.mocked(getFacilityGroup).mockImplementation(() => ok(GROUP_3));
  resetFormStoreForTests();
  resetDataLayer();
});

afterEach(() => {
  resetFormStoreForTests();
});

async function openHospitals(storedForm = STORED_FORM) {
  const result = renderWithApp(null, {
    route: '/',
    user: PARTNER_HCP,
    config: configWithHospitalCountries(['DE']),
    storage: { [FORM_STORAGE_KEY]: storedForm },
  });
  const opener = await screen.findByRole('button', { name: 'Select hospitals' });
  await result.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Select hospitals' });
  return { ...result, dialog, opener };
}

function names(dialog: HTMLElement): string[] {
  const list = within(dialog).queryByRole('list', { name: 'Hospitals' });
  return list
    ? within(list)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((box) => box.labels?.[0]?.querySelector('.hospital-modal__name')?.textContent ?? '')
    : [];
}

function checkbox(dialog: HTMLElement, name: string): HTMLElement {
  return within(dialog).getByRole('checkbox', { name: new RegExp(`^${name}`) });
}

describe('hospital-selection modal (spec 01 §2 Modals)', () => {
  it("should list the partner grouping's facilities, fullscreen, with focus in the search box", async () => {
    const { dialog } = await openHospitals();

    await within(dialog).findByRole('list', { name: 'Hospitals' });
    expect(getFacilityGroup).toHaveBeenCalledWith(expect.objectContaining({ path: { id: '3' } }));
    expect(names(dialog)).toEqual([
      'Charité – Universitätsmedizin Berlin',
      'Klinikum rechts der Isar',
      'LMU Klinikum',
      'Praxisklinik Mitte',
      'Universitätsklinikum Hamburg-Eppendorf',
      'Vivantes Klinikum Neukölln',
    ]);
    expect(within(dialog).getByText('Showing 6 of 6 hospitals')).toBeInTheDocument();
    expect(within(dialog).getByText('0 hospitals selected')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Search hospitals')).toHaveFocus();
    expect(dialog).toHaveClass('modal--fullscreen');
    expect(
      within(within(dialog).getByLabelText('Region'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All regions', 'Bayern', 'Berlin', 'Hamburg']);
  });

  it('should show a spinner while the facilities load', async () => {
    let answer: (value: unknown) => void = () => undefined;
    vi.mocked(getFacilityGroup).mockImplementation(
      () => new Promise((resolve) => (answer = resolve)) as never,
    );
    const { dialog } = await openHospitals();

    expect(
      within(dialog).getByText('Loading hospitals…').closest('[role="status"]'),
    ).not.toBeNull();
    expect(within(dialog).queryByRole('list', { name: 'Hospitals' })).not.toBeInTheDocument();

    // The request may start after the spinner shows (a loaded machine): answer it once it has.
    await vi.waitFor(() => expect(getFacilityGroup).toHaveBeenCalled());
    answer({ data: GROUP_3, request: new Request('http://x'), response: new Response() });
    await within(dialog).findByRole('list', { name: 'Hospitals' });
    expect(within(dialog).queryByText('Loading hospitals…')).not.toBeInTheDocument();
  });

  it('should say so when the facilities cannot be loaded, and try again on request', async () => {
    vi.mocked(getFacilityGroup).mockRejectedValueOnce(new Error('503'));
    const { dialog, user } = await openHospitals();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The hospitals could not be loaded. Please try again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    await within(dialog).findByRole('list', { name: 'Hospitals' });
    expect(getFacilityGroup).toHaveBeenCalledTimes(2);
  });

  it('should filter by region and by text on facility, city or state, ignoring case and accents', async () => {
    const { dialog, user } = await openHospitals();
    await within(dialog).findByRole('list', { name: 'Hospitals' });

    await user.selectOptions(within(dialog).getByLabelText('Region'), 'Bayern');
    expect(names(dialog)).toEqual(['Klinikum rechts der Isar', 'LMU Klinikum']);
    expect(within(dialog).getByText('Showing 2 of 6 hospitals')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Search hospitals'), 'LMU');
    expect(names(dialog)).toEqual(['LMU Klinikum']);

    await user.selectOptions(within(dialog).getByLabelText('Region'), '');
    const search = within(dialog).getByLabelText('Search hospitals');
    await user.clear(search);
    await user.type(search, 'KLINIKUM');
    expect(names(dialog)).toEqual([
      'Klinikum rechts der Isar',
      'LMU Klinikum',
      'Universitätsklinikum Hamburg-Eppendorf',
      'Vivantes Klinikum Neukölln',
    ]);

    // City without its umlaut.
    await user.clear(search);
    await user.type(search, 'munchen');
    expect(names(dialog)).toEqual(['Klinikum rechts der Isar', 'LMU Klinikum']);

    // State.
    await user.clear(search);
    await user.type(search, 'hamburg');
    expect(names(dialog)).toEqual(['Universitätsklinikum Hamburg-Eppendorf']);
  });

  it('should show a message when the filters match nothing', async () => {
    const { dialog, user } = await openHospitals();
    await within(dialog).findByRole('list', { name: 'Hospitals' });

    await user.type(within(dialog).getByLabelText('Search hospitals'), 'Lisboa');

    expect(within(dialog).getByText('No hospitals match your filters.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Hospitals' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Select all shown' })).toBeDisabled();
  });

  it('should select all and clear only the visible facilities', async () => {
    const { dialog, user } = await openHospitals();
    await within(dialog).findByRole('list', { name: 'Hospitals' });

    await user.selectOptions(within(dialog).getByLabelText('Region'), 'Bayern');
    await user.click(within(dialog).getByRole('button', { name: 'Select all shown' }));
    expect(within(dialog).getByText('2 hospitals selected')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Region'), 'Berlin');
    expect(checkbox(dialog, 'Charité')).not.toBeChecked();
    await user.click(checkbox(dialog, 'Charité'));
    expect(within(dialog).getByText('3 hospitals selected')).toBeInTheDocument();

    // Clear with Berlin shown: Charité goes, the two in Bayern stay.
    await user.click(within(dialog).getByRole('button', { name: 'Clear shown' }));
    expect(within(dialog).getByText('2 hospitals selected')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Region'), '');
    expect(checkbox(dialog, 'Klinikum rechts der Isar')).toBeChecked();
    expect(checkbox(dialog, 'LMU Klinikum')).toBeChecked();
    expect(checkbox(dialog, 'Charité')).not.toBeChecked();
    expect(checkbox(dialog, 'Vivantes')).not.toBeChecked();

    // Unfiltered, the same buttons act on the whole list.
    await user.click(within(dialog).getByRole('button', { name: 'Select all' }));
    expect(within(dialog).getByText('6 hospitals selected')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByText('0 hospitals selected')).toBeInTheDocument();
  });

  it('should show only the selected facilities with the toggle', async () => {
    const { dialog, user } = await openHospitals();
    await within(dialog).findByRole('list', { name: 'Hospitals' });
    await user.click(checkbox(dialog, 'Praxisklinik Mitte'));
    await user.click(checkbox(dialog, 'Vivantes'));

    await user.click(within(dialog).getByRole('checkbox', { name: 'Show selected only' }));

    expect(names(dialog)).toEqual(['Praxisklinik Mitte', 'Vivantes Klinikum Neukölln']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Show selected only' }));
    expect(names(dialog)).toHaveLength(6);
  });

  it('should need a selection before either way on', async () => {
    const { dialog, user } = await openHospitals();
    await within(dialog).findByRole('list', { name: 'Hospitals' });

    const toQuestionnaire = within(dialog).getByRole('button', {
      name: 'Continue to questionnaire',
    });
    expect(toQuestionnaire).toBeDisabled();
    expect(toQuestionnaire).toHaveAccessibleDescription(
      'Select at least one hospital to continue.',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Show trials at these hospitals' }),
    ).toBeDisabled();

    await user.click(checkbox(dialog, 'LMU Klinikum'));
    expect(toQuestionnaire).toBeEnabled();
  });

  it('should continue to the questionnaire with the facility ids as strings', async () => {
    const { dialog, user, router } = await openHospitals();
    await within(dialog).findByRole('list', { name: 'Hospitals' });
    await user.click(checkbox(dialog, 'LMU Klinikum'));
    await user.click(checkbox(dialog, 'Charité'));

    await user.click(within(dialog).getByRole('button', { name: 'Continue to questionnaire' }));

    await waitFor(() => expect(router?.state.location.pathname).toBe('/questionnaire'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getForm()).toMatchObject({
      type_of_disease: 'breast_cancer',
      facility_ids: ['101', '202'],
      zip_code: BERLIN.label,
      country_name: 'DE',
      radius_unit: 'KM',
    });
    expect(window.dataLayer).toEqual([
      {
        event: 'location_and_disease',
        condition: 'breast_cancer',
        countryCode: 'DE',
        city: 'Berlin',
      },
    ]);
  });

  it('should go to search by condition with the place, facilities and condition', async () => {
    const { dialog, user, router } = await openHospitals();
    await within(dialog).findByRole('list', { name: 'Hospitals' });
    await user.click(checkbox(dialog, 'Klinikum rechts der Isar'));
    await user.click(checkbox(dialog, 'Charité'));

    await user.click(
      within(dialog).getByRole('button', { name: 'Show trials at these hospitals' }),
    );

    await waitFor(() => expect(router?.state.location.pathname).toBe('/searchbycondition'));
    const params = new URLSearchParams(router?.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      lat: String(BERLIN.latitude),
      lng: String(BERLIN.longitude),
      facility: '101,201',
      condition: 'breast_cancer',
      countryCode: 'DE',
      city: 'Berlin',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should keep the earlier choice for the same place when opened again', async () => {
    const { dialog } = await openHospitals(
      JSON.stringify({ ...JSON.parse(STORED_FORM), facility_ids: ['301', '999'] }),
    );
    await within(dialog).findByRole('list', { name: 'Hospitals' });

    expect(checkbox(dialog, 'Universitätsklinikum')).toBeChecked();
    // 999 is not in this grouping: it does not count.
    expect(within(dialog).getByText('1 hospital selected')).toBeInTheDocument();
  });

  it('should close on Escape and give the focus back to its button', async () => {
    const { dialog, user, opener } = await openHospitals();
    await within(dialog).findByRole('list', { name: 'Hospitals' });

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('should check the search form before opening', async () => {
    const { user } = renderWithApp(null, {
      route: '/',
      user: PARTNER_HCP,
      config: configWithHospitalCountries(['DE']),
      storage: {
        [FORM_STORAGE_KEY]: JSON.stringify({ ...JSON.parse(STORED_FORM), type_of_disease: '' }),
      },
    });
    const select = await screen.findByLabelText('Condition');
    // The partner presets its condition; unset it to see the check.
    await user.selectOptions(select, '');

    await user.click(screen.getByRole('button', { name: 'Select hospitals' }));

    expect(await screen.findByText('Please select a condition')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.dataLayer ?? []).toEqual([]);
  });
});
