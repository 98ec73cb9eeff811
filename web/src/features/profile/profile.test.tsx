import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMe, updateUser } from '@/api/sdk.gen';
import type { UserResponseDto } from '@/api/types.gen';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp, TEST_HCP } from '@/testing/render';
import { joinPhone, splitPhone } from './countries';

// /dashboard loads its route chunk and, beside it, the trial requests: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  getMe: vi.fn(),
  updateUser: vi.fn(),
}));

const SERVER_USER: UserResponseDto = {
  _id: TEST_HCP._id,
  clinopsuser: false,
  country: 'ES',
  createdAt: '2025-01-01T00:00:00.000Z',
  email: TEST_HCP.email,
  facilityIds: [],
  firstName: 'Lucía',
  institution: 'Hospital Clínic',
  language: 'en',
  lastName: 'Vega',
  phoneNumber: '+34 911234567',
  registerType: 'email',
  subscribe: false,
  type: 'hcp',
  userSource: 'ancora_hcp',
};

const ok = (data: unknown) =>
  Promise.resolve({ data, request: new Request('http://x'), response: new Response() }) as never;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getMe).mockImplementation(() => ok({ user: SERVER_USER }));
});

type User = ReturnType<typeof renderWithApp>['user'];

async function openEditor(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return screen.findByRole('button', { name: 'Save changes' });
}

describe('profile (spec 01 §2 /dashboard, /dashboard/profile)', () => {
  it("should show the server's copy of the user and keep the stored user in step", async () => {
    renderWithApp(null, { route: '/dashboard', user: TEST_HCP });

    const panel = (await screen.findByRole('heading', { name: 'My profile' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(panel).findByText('+34 911234567')).toBeInTheDocument();
    expect(within(panel).getByText('Lucía Vega')).toBeInTheDocument();
    expect(within(panel).getByText('Spain')).toBeInTheDocument();
    expect(within(panel).getByText('Hospital Clínic')).toBeInTheDocument();
    expect(within(panel).getByText('Not subscribed')).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({
        institution: 'Hospital Clínic',
      }),
    );
    // The trial requests have their own section, apart from the profile.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Trial Requests' }),
    ).toBeInTheDocument();
  });

  it('should save the edited profile with updateUser and store the returned user', async () => {
    const saved = {
      ...SERVER_USER,
      firstName: 'Lucía María',
      phoneNumber: '+4930123456',
      country: 'DE',
      institution: 'Charité',
      subscribe: true,
    };
    vi.mocked(updateUser).mockImplementation(() => ok({ user: saved }));
    const { user } = renderWithApp(null, { route: '/dashboard/profile', user: TEST_HCP });
    await screen.findByText('+34 911234567');
    await openEditor(user);

    const firstName = screen.getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Lucía María');
    await user.selectOptions(screen.getByLabelText('Country code'), 'DE');
    await user.clear(screen.getByLabelText('Number'));
    await user.type(screen.getByLabelText('Number'), '30 123456');
    await user.selectOptions(screen.getByLabelText('Country (optional)'), 'DE');
    const institution = screen.getByLabelText('Institution (optional)');
    await user.clear(institution);
    await user.type(institution, 'Charité');
    await user.click(screen.getByRole('checkbox', { name: /Keep me informed/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(updateUser).toHaveBeenCalledWith(
      expect.objectContaining({
        path: { id: TEST_HCP._id },
        body: {
          firstName: 'Lucía María',
          lastName: 'Vega',
          phoneNumber: '+4930123456',
          country: 'DE',
          institution: 'Charité',
          language: 'en',
          subscribe: true,
        },
      }),
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toEqual(saved);
    expect(screen.getByText('Germany')).toBeInTheDocument();
    // The navbar reads the stored user.
    expect(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('button', {
        name: 'Lucía María',
      }),
    ).toBeInTheDocument();
  });

  it('should let the dialling code follow the chosen country while no number is typed', async () => {
    vi.mocked(getMe).mockImplementation(() =>
      ok({ user: { ...SERVER_USER, phoneNumber: '', country: '' } }),
    );
    const { user } = renderWithApp(null, { route: '/dashboard/profile', user: TEST_HCP });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My profile' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal details' })).toBeInTheDocument();
    await openEditor(user);

    // English: the United Kingdom's code until a country is chosen.
    expect(screen.getByLabelText('Country code')).toHaveValue('GB');
    await user.selectOptions(screen.getByLabelText('Country (optional)'), 'AT');
    expect(screen.getByLabelText('Country code')).toHaveValue('AT');

    await user.type(screen.getByLabelText('Number'), '1 234567');
    await user.selectOptions(screen.getByLabelText('Country (optional)'), 'CH');
    expect(screen.getByLabelText('Country code')).toHaveValue('AT');
  });

  it('should check the fields with the validators before saving', async () => {
    const { user } = renderWithApp(null, { route: '/dashboard/profile', user: TEST_HCP });
    await screen.findByText('+34 911234567');
    await openEditor(user);

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('Last name'), '2');
    await user.clear(screen.getByLabelText('Number'));
    await user.type(screen.getByLabelText('Number'), '12');
    await user.clear(screen.getByLabelText('Institution (optional)'));
    await user.type(screen.getByLabelText('Institution (optional)'), 'A&B');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please enter your first name.')).toBeInTheDocument();
    expect(
      screen.getByText("Input can only be a letter of an alphabet or a '.'."),
    ).toBeInTheDocument();
    expect(screen.getByText('Phone number must have 4 or more digits!')).toBeInTheDocument();
    expect(
      screen.getByText('Input can only be a letter of an alphabet or a number.'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Number'));
    await user.type(screen.getByLabelText('Number'), '1234567890123456');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Phone number can have a maximum of 15 digits!'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Number'));
    await user.type(screen.getByLabelText('Number'), '12a4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Input can contain only numbers.')).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
  });

  it("should show the API's validation message translated when saving fails", async () => {
    vi.mocked(updateUser).mockRejectedValue({
      statusCode: 400,
      message: 'Input must have less than 60 characters.',
    });
    const { user } = renderWithApp(null, {
      route: '/dashboard/profile',
      user: TEST_HCP,
      language: 'de',
    });
    await screen.findByText('+34 911234567');
    await user.click(await screen.findByRole('button', { name: 'Profil bearbeiten' }));
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Eingabe muss weniger als 60 Zeichen haben.',
    );
  });

  it('should switch the app to the language chosen in the profile', async () => {
    vi.mocked(updateUser).mockImplementation(() =>
      ok({ user: { ...SERVER_USER, language: 'es' } }),
    );
    const { user } = renderWithApp(null, { route: '/dashboard/profile', user: TEST_HCP });
    await screen.findByText('+34 911234567');
    await openEditor(user);

    const form = screen
      .getByRole('button', { name: 'Save changes' })
      .closest('form') as HTMLElement;
    await user.selectOptions(within(form).getByLabelText('Language'), 'es');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Su perfil se ha guardado.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('es');
  });
});

describe('phone numbers', () => {
  it('should split a number into its country and national part', () => {
    expect(splitPhone('+4930123456')).toEqual({ country: 'DE', national: '30123456' });
    expect(splitPhone('+12125550100')).toEqual({ country: 'US', national: '2125550100' });
    expect(splitPhone('+12125550100', 'CA')).toEqual({ country: 'CA', national: '2125550100' });
    expect(splitPhone('+385911234567')).toEqual({ country: 'HR', national: '911234567' });
    expect(splitPhone('', 'ES')).toEqual({ country: 'ES', national: '' });
  });

  it('should join a country and a national number', () => {
    expect(joinPhone('DE', '30 123-456')).toBe('+4930123456');
    expect(joinPhone('DE', '')).toBe('');
  });
});
