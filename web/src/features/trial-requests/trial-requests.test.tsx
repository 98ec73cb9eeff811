import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTrialRequest,
  getTrial,
  getTrialRequest,
  listNotifications,
  listTrialRequests,
  updateTrialRequest,
} from '@/api/sdk.gen';
import type { TrialDetailsDto, TrialSiteDto } from '@/api/types.gen';
import { renderWithApp, TEST_CLINOPS, TEST_HCP } from '@/testing/render';
import { historyEntry, ok, requestDetails, trialRequest } from './testing/fixtures';

// The first render loads the lazy route chunks: allow for a busy machine.
configure({ asyncUtilTimeout: 8000 });
// Several lazy chunks and user events per test on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  getTrial: vi.fn(),
  createTrialRequest: vi.fn(),
  listTrialRequests: vi.fn(),
  getTrialRequest: vi.fn(),
  updateTrialRequest: vi.fn(),
  listNotifications: vi.fn(),
}));

function site(facilityId: number, facility: string, distance: number | null): TrialSiteDto {
  return {
    facilityId,
    facility,
    city: 'Berlin',
    state: '',
    zip: '10117',
    country: 'Germany',
    status: 'RECRUITING',
    contacts: [],
    distance,
    lat: null,
    lon: null,
    approximateLocation: false,
  };
}

const TRIAL = {
  nctId: 'NCT04487080',
  briefTitle: 'Osimertinib in EGFR-mutated NSCLC',
  officialTitle: '',
  briefSummary: '',
  phases: [],
  overallStatus: 'RECRUITING',
  studyType: 'INTERVENTIONAL',
  specificity: 'specific',
  conditions: ['lung_cancer'],
  sponsor: '',
  startDate: null,
  lastUpdateDate: null,
  interventions: [],
  score: 0,
  matched: [],
  conflicting: [],
  toCheck: [],
  nearestSite: null,
  sitesInRadius: 3,
  minimumAgeYears: null,
  maximumAgeYears: null,
  sex: 'ALL',
  genes: [],
  eligibilityInclusion: '',
  eligibilityExclusion: '',
  unit: 'KM',
  sites: [
    site(7, 'Far Clinic', 30.5),
    site(42, 'Vivantes Klinikum', 18.75),
    site(17, 'Charité', 4.2),
  ],
  sitesTotal: 3,
  registryUrl: 'https://clinicaltrials.gov/study/NCT04487080',
  evaluated: true,
} as unknown as TrialDetailsDto;

// {"type_of_disease":"lung_cancer","egfr":"yes"}
const Q = btoa(JSON.stringify({ type_of_disease: 'lung_cancer', egfr: 'yes' }));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getTrial).mockImplementation(() => ok(TRIAL));
  vi.mocked(listNotifications).mockImplementation(() => ok([]));
  vi.mocked(createTrialRequest).mockImplementation(() => ok({ progress: trialRequest() }));
});

async function openContactModal(route = `/details/NCT04487080?q=${encodeURIComponent(Q)}`) {
  const view = renderWithApp(null, { route, user: TEST_HCP });
  await view.user.click(await screen.findByRole('button', { name: 'Request this trial' }));
  const dialog = await screen.findByRole('dialog', { name: 'Request this trial' });
  return { ...view, dialog };
}

describe('request-trial contact modal', () => {
  it('should offer the sites nearest first and preselect the facility of the link', async () => {
    const { dialog } = await openContactModal(
      `/details/NCT04487080?q=${encodeURIComponent(Q)}&facility=42`,
    );
    const select = within(dialog).getByLabelText('Trial site');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toMatch(/^Charité/);
    expect(options[1]).toMatch(/^Vivantes Klinikum/);
    expect(options[2]).toMatch(/^Far Clinic/);
    expect(select).toHaveValue('42');
  });

  it('should offer every site when the details came with only the nearest', async () => {
    const many = Array.from({ length: 12 }, (_, i) => site(100 + i, `Clinic ${i + 1}`, i + 1));
    vi.mocked(getTrial).mockImplementation((options) =>
      ok(
        options.query?.sites
          ? { ...TRIAL, sites: many.slice(0, options.query.sites), sitesTotal: 12 }
          : { ...TRIAL, sites: many, sitesTotal: 12 },
      ),
    );
    const { dialog } = await openContactModal();

    const options = within(within(dialog).getByLabelText('Trial site'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toHaveLength(12);
    expect(options[11]).toMatch(/^Clinic 12/);
    expect(getTrial).toHaveBeenLastCalledWith(expect.objectContaining({ query: { q: Q } }));
  });

  it('should still offer the nearest sites when the others cannot be loaded', async () => {
    const many = Array.from({ length: 12 }, (_, i) => site(100 + i, `Clinic ${i + 1}`, i + 1));
    // The details with the nearest ten, then every site: offline.
    vi.mocked(getTrial)
      .mockImplementationOnce(() => ok({ ...TRIAL, sites: many.slice(0, 10), sitesTotal: 12 }))
      .mockRejectedValueOnce(new Error('offline'));
    const { dialog } = await openContactModal();

    expect(within(within(dialog).getByLabelText('Trial site')).getAllByRole('option')).toHaveLength(
      10,
    );
    expect(getTrial).toHaveBeenLastCalledWith(expect.objectContaining({ query: { q: Q } }));
  });

  it('should say "nearby", not "0 km away", for a site placed at the city searched', async () => {
    vi.mocked(getTrial).mockImplementation(() =>
      ok({
        ...TRIAL,
        sites: [
          { ...site(17, 'Charité', 0), approximateLocation: true },
          site(7, 'Far Clinic', 30.5),
        ],
        sitesTotal: 2,
      }),
    );
    const { dialog } = await openContactModal();
    const options = within(within(dialog).getByLabelText('Trial site'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Charité · Berlin, Germany · nearby');
    expect(options.join('|')).not.toMatch(/ 0 km/);
  });

  it('should show the spec messages for a missing identifier and consent', async () => {
    const { dialog, user } = await openContactModal();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm request' }));
    expect(await within(dialog).findByText('Please enter a patient identifier.')).toBeVisible();
    expect(
      within(dialog).getByText('Please agree to our consent before confirming.'),
    ).toBeVisible();
    expect(createTrialRequest).not.toHaveBeenCalled();
  });

  it('should refuse an identifier of 20 characters or one with other characters', async () => {
    const { dialog, user } = await openContactModal();
    const field = within(dialog).getByLabelText('Patient identifier');
    await user.type(field, 'ABCDEFGHIJKLMNOPQRST');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm request' }));
    expect(
      await within(dialog).findByText('Please enter a shorter identifier, max 20 characters'),
    ).toBeVisible();
    await user.clear(field);
    await user.type(field, 'PT<1>');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm request' }));
    expect(
      await within(dialog).findByText('Please use only letters, digits, spaces and - _ . / #'),
    ).toBeVisible();
    expect(createTrialRequest).not.toHaveBeenCalled();
  });

  it('should send the request with the nearest site and the answers, then say thank you', async () => {
    const { dialog, user } = await openContactModal();
    await user.type(within(dialog).getByLabelText('Patient identifier'), 'PT-0019 ABCDEFGHIJK');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm request' }));
    const popup = await screen.findByRole('dialog', { name: 'Request sent' });
    expect(
      within(popup).getByText(/Thank you, your trial request has been received/),
    ).toBeVisible();
    expect(createTrialRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          userId: TEST_HCP._id,
          identifier: 'PT-0019 ABCDEFGHIJK',
          trialId: 'NCT04487080',
          trialName: 'Osimertinib in EGFR-mutated NSCLC',
          selectedLocation: { facility_id: 17 },
          questionnaire: { type_of_disease: 'lung_cancer', egfr: 'yes' },
          consent: true,
        },
      }),
    );
  });

  it('should show the maximum-reached error with an Ok button when the API refuses the 51st', async () => {
    vi.mocked(createTrialRequest).mockRejectedValue({
      statusCode: 409,
      message: 'You have reached the maximum of 50 trial requests.',
      errors: { progress: 'maxRequestsReached' },
    });
    const { dialog, user } = await openContactModal();
    await user.type(within(dialog).getByLabelText('Patient identifier'), 'PT-51');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm request' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('You have reached the maximum of 50 trial requests.');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should show the failure popup with the support address and go home on another error', async () => {
    vi.mocked(createTrialRequest).mockRejectedValue({ statusCode: 500, message: 'x' });
    vi.mocked(listTrialRequests).mockImplementation(() => ok([]));
    const { dialog, user, router } = await openContactModal();
    await user.type(within(dialog).getByLabelText('Patient identifier'), 'PT-9');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm request' }));
    const popup = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(
      within(popup).getByText('Please try again or contact us at support@trialflow.example'),
    ).toBeVisible();
    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
  });

  it('should send a visitor without the login marker to /login', async () => {
    const view = renderWithApp(null, { route: `/details/NCT04487080?q=${encodeURIComponent(Q)}` });
    await view.user.click(
      await screen.findByRole('button', { name: 'Log in to request this trial' }),
    );
    await waitFor(() => expect(view.router?.state.location.pathname).toBe('/login'));
  });

  it('should not offer clinops a request button', async () => {
    renderWithApp(null, { route: '/details/NCT04487080', user: TEST_CLINOPS });
    await screen.findByRole('heading', { level: 1, name: 'Osimertinib in EGFR-mutated NSCLC' });
    expect(screen.queryByRole('button', { name: /request this trial/i })).not.toBeInTheDocument();
  });
});

const REQUESTS = [
  trialRequest({
    _id: 'r-old',
    identifier: 'PT-OLD',
    trialName: 'Pembrolizumab in melanoma',
    condition: 'melanoma',
    status: 'accepted',
    createdAt: '2026-10-02T09:00:00.000Z',
    timestamp: '2026-11-03T09:00:00.000Z',
    selectedLocation: { facility_id: 0, facility_name: '' },
  }),
  trialRequest({
    _id: 'r-new',
    identifier: 'PT-NEW',
    status: 'newRequest',
    createdAt: '2026-11-21T09:00:00.000Z',
    timestamp: '2026-11-21T09:00:00.000Z',
  }),
  trialRequest({
    _id: 'r-mid',
    identifier: 'XY-77',
    trialName: 'A breast cancer study',
    condition: 'breast_cancer',
    status: 'cancelled',
    createdAt: '2026-11-05T09:00:00.000Z',
    timestamp: '2026-11-06T09:00:00.000Z',
  }),
];

describe('trial request lists', () => {
  it('should list the requests on Home newest first with the spec columns and details links', async () => {
    vi.mocked(listTrialRequests).mockImplementation(() => ok(REQUESTS));
    renderWithApp(null, { route: '/', user: TEST_HCP });
    const region = await screen.findByRole('region', { name: 'Trial Requests' });
    const table = await within(region).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Identifier', 'Condition', 'Trial Name', 'Status', 'Last Activity']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      expect.stringMatching(/^PT-NEW/),
      expect.stringMatching(/^XY-77/),
      expect.stringMatching(/^PT-OLD/),
    ]);
    expect(within(rows[2]).getByText('Melanoma')).toBeVisible();
    expect(within(rows[2]).getByText('Accepted')).toBeVisible();
    expect(within(rows[2]).getByText('03/11/2026')).toBeVisible();
    const link = new URL(within(rows[0]).getByRole('link').getAttribute('href') ?? '', 'http://x');
    expect(link.pathname).toBe('/details/NCT04487080');
    expect(link.searchParams.get('requestID')).toBe('r-new');
    expect(link.searchParams.get('facility')).toBe('42');
    expect(JSON.parse(atob(link.searchParams.get('q') ?? ''))).toEqual({
      type_of_disease: 'lung_cancer',
      egfr: 'yes',
    });
    // No selected location: no facility parameter.
    const old = new URL(within(rows[2]).getByRole('link').getAttribute('href') ?? '', 'http://x');
    expect(old.searchParams.has('facility')).toBe(false);
    expect(listTrialRequests).toHaveBeenCalledWith(
      expect.objectContaining({ path: { userId: TEST_HCP._id } }),
    );
  });

  it('should open a row in a new tab', async () => {
    vi.mocked(listTrialRequests).mockImplementation(() => ok(REQUESTS));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderWithApp(null, { route: '/', user: TEST_HCP });
    const cell = await screen.findByText('A breast cancer study');
    await user.click(cell);
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^\/details\/NCT04487080\?requestID=r-mid/),
      '_blank',
      'noopener',
    );
  });

  it('should show the empty state with Start Searching on the mobile screen', async () => {
    vi.mocked(listTrialRequests).mockImplementation(() => ok([]));
    const { user, router } = renderWithApp(null, { route: '/trialrequestsmobile', user: TEST_HCP });
    expect(await screen.findByRole('heading', { name: 'No Trial Requests' })).toBeVisible();
    expect(
      screen.getByText(
        "Let's find a trial for your patient! Select a condition and answer a few questions to see relevant options.",
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Start Searching' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
  });

  it('should search by identifier or trial name and filter by status on the mobile screen', async () => {
    vi.mocked(listTrialRequests).mockImplementation(() => ok(REQUESTS));
    const { user } = renderWithApp(null, { route: '/trialrequestsmobile', user: TEST_HCP });
    await screen.findByRole('heading', { level: 1, name: 'Trial Requests' });
    const cards = () =>
      screen
        .getAllByRole('link')
        .filter((a) => a.classList.contains('request-card'))
        .map((a) => a.querySelector('.request-card__identifier')?.textContent);
    await waitFor(() => expect(cards()).toEqual(['PT-NEW', 'XY-77', 'PT-OLD']));
    expect(screen.getByText('Created: 21/11/2026', { exact: false })).toBeVisible();
    const filter = screen.getByLabelText('Filter by Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'New Request', 'In Review', 'Accepted', 'Rejected', 'Enrolled', 'Cancelled']);
    await user.type(screen.getByPlaceholderText('Search by Identifier or Trial Name'), 'pt-');
    expect(cards()).toEqual(['PT-NEW', 'PT-OLD']);
    await user.selectOptions(filter, 'Accepted');
    expect(cards()).toEqual(['PT-OLD']);
    await user.clear(screen.getByPlaceholderText('Search by Identifier or Trial Name'));
    await user.type(screen.getByPlaceholderText('Search by Identifier or Trial Name'), 'BREAST');
    expect(screen.getByText('No trial requests match your search.')).toBeVisible();
    await user.selectOptions(filter, 'Cancelled');
    expect(cards()).toEqual(['XY-77']);
  });
});

describe('cancel and update-status modals', () => {
  it('should require an explanation of at most 500 characters to cancel, then send cancelled', async () => {
    vi.mocked(getTrialRequest).mockImplementation(() => ok(requestDetails()));
    vi.mocked(updateTrialRequest).mockImplementation(() =>
      ok({ progress: trialRequest({ status: 'cancelled' }) }),
    );
    const { user, router } = renderWithApp(null, {
      route: '/details/NCT04487080?requestID=2f7c1d2e-8a51-4c3b-9a57-000000000001',
      user: TEST_HCP,
    });
    // Opened without the answers (as from a notification): the link gets them from the request.
    await waitFor(() => expect(router?.state.location.search).toContain('q='));
    const params = new URLSearchParams(router?.state.location.search);
    expect(JSON.parse(atob(params.get('q') ?? ''))).toEqual({
      type_of_disease: 'lung_cancer',
      egfr: 'yes',
    });
    expect(params.get('facility')).toBe('42');
    const panel = await screen.findByTestId('request-panel');
    expect(screen.queryByRole('button', { name: 'Request this trial' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel trial request' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await within(dialog).findByText('Please write a short explanation.')).toBeVisible();
    const field = within(dialog).getByLabelText('Please explain why you cancel this request.');
    await user.click(field);
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByText('501 / 500')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(
      await within(dialog).findByText('Please keep it to 500 characters or fewer.'),
    ).toBeVisible();
    expect(updateTrialRequest).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'The patient chose another trial.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByRole('dialog', { name: 'Request Cancelled' })).toBeVisible();
    expect(updateTrialRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        path: { userId: TEST_HCP._id },
        body: {
          progress: '2f7c1d2e-8a51-4c3b-9a57-000000000001',
          progressStatus: 'cancelled',
          message: 'The patient chose another trial.',
        },
      }),
    );
  });

  it('should let clinops choose one of five statuses with a required note', async () => {
    vi.mocked(getTrialRequest).mockImplementation(() => ok(requestDetails({ status: 'inReview' })));
    vi.mocked(updateTrialRequest).mockImplementation(() =>
      ok({ progress: trialRequest({ status: 'accepted' }) }),
    );
    const { user, router } = renderWithApp(null, {
      route: '/details/clinops/NCT04487080?id=2f7c1d2e-8a51-4c3b-9a57-000000000001',
      user: TEST_CLINOPS,
    });
    await waitFor(() => expect(router?.state.location.search).toContain('q='));
    const panel = await screen.findByTestId('request-panel');
    await user.click(within(panel).getByRole('button', { name: 'Update status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update trial request status' });
    const group = within(dialog).getByRole('group', { name: 'New status' });
    const options = within(group).getAllByRole('button');
    expect(options.map((b) => b.textContent)).toEqual([
      'Wait List',
      'In Review',
      'Accepted',
      'Rejected',
      'Enrolled',
    ]);
    // It starts with the current status.
    expect(within(group).getByRole('button', { name: 'In Review' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(group).getByRole('button', { name: 'Accepted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    expect(
      await within(dialog).findByText(
        'Please leave a note to keep the referring physician informed',
      ),
    ).toBeVisible();
    await user.type(
      within(dialog).getByLabelText('Leave a note to keep the referring physician informed.'),
      'Screening visit on Monday.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    const done = await screen.findByRole('dialog', { name: 'Request Accepted' });
    expect(within(done).getByText('Request status changed successfully')).toBeVisible();
    expect(updateTrialRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          progress: '2f7c1d2e-8a51-4c3b-9a57-000000000001',
          progressStatus: 'accepted',
          message: 'Screening visit on Monday.',
        },
      }),
    );
  });

  it('should show the Error popup when the change fails', async () => {
    vi.mocked(getTrialRequest).mockImplementation(() => ok(requestDetails()));
    vi.mocked(updateTrialRequest).mockRejectedValue({ statusCode: 409, message: 'final' });
    const { user, router } = renderWithApp(null, {
      route: '/details/clinops/NCT04487080?id=2f7c1d2e-8a51-4c3b-9a57-000000000001',
      user: TEST_CLINOPS,
    });
    await waitFor(() => expect(router?.state.location.search).toContain('q='));
    await user.click(await screen.findByRole('button', { name: 'Update status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update trial request status' });
    await user.click(within(dialog).getByRole('button', { name: 'Rejected' }));
    await user.type(within(dialog).getByRole('textbox'), 'Not eligible.');
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    const popup = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(popup).getByText('Something went wrong, please try again later')).toBeVisible();
  });

  it('should show the history as a timeline with who, when, the status and the note', async () => {
    vi.mocked(getTrialRequest).mockImplementation(() =>
      ok(
        requestDetails({
          status: 'cancelled',
          history: [
            historyEntry({ _id: 'h1', timestamp: '2026-11-20T10:00:00.000Z' }),
            historyEntry({
              _id: 'h2',
              from: 'newRequest',
              to: 'inReview',
              note: 'We are reviewing the scans.',
              timestamp: '2026-11-21T10:00:00.000Z',
              actor: { _id: 'c1', firstName: 'Sam', lastName: 'Okafor', role: 'clinops' },
            }),
            historyEntry({
              _id: 'h3',
              from: 'inReview',
              to: 'cancelled',
              note: 'Patient moved away.',
              timestamp: '2026-11-22T10:00:00.000Z',
            }),
          ],
        }),
      ),
    );
    renderWithApp(null, {
      route: '/details/NCT04487080?requestID=2f7c1d2e-8a51-4c3b-9a57-000000000001',
      user: TEST_HCP,
    });
    const history = await screen.findByRole('region', { name: 'Request history' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Request sent');
    expect(items[0]).toHaveTextContent('New Request');
    expect(items[1]).toHaveTextContent('In Review');
    expect(items[1]).toHaveTextContent('by Sam Okafor');
    expect(items[1]).toHaveTextContent('We are reviewing the scans.');
    expect(items[1]).toHaveTextContent('21/11/2026');
    expect(items[2]).toHaveTextContent('Patient moved away.');
    // Cancelled is final: no more actions.
    expect(screen.getByText('This request was cancelled; it can no longer change.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });
});
