import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { summarizeTrials } from '@/api/sdk.gen';
import type { TrialSummaryRequestDto } from '@/api/types.gen';
import { FORM_STORAGE_KEY, getForm, resetFormStoreForTests } from '@/lib/patient-form';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderWithApp, TEST_HCP } from '@/testing/render';
import { decodeQuestionnaire } from '@/lib/details-link';
import { FILTERS_STORAGE_KEY, resetSearchUiForTests } from './filters-store';
import {
  criterion,
  facets,
  ok,
  SEARCH_FORM,
  storeForm,
  summaryResponse,
  trialSummary,
} from './testing/fixtures';

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  summarizeTrials: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  resetFormStoreForTests();
  resetSearchUiForTests();
  window.dataLayer = [];
  vi.mocked(summarizeTrials).mockImplementation(() => ok(summaryResponse()));
});

/** The body of the latest search. */
function lastBody(): TrialSummaryRequestDto {
  const calls = vi.mocked(summarizeTrials).mock.calls;
  expect(calls.length).toBeGreaterThan(0);
  return calls[calls.length - 1][0].body;
}

function renderSearch(route = '/search', storage: Record<string, string> = storeForm(SEARCH_FORM)) {
  return renderWithApp(null, { route, storage });
}

async function firstCard(): Promise<HTMLElement> {
  // The first render loads the lazy route chunks: allow for a busy machine.
  const title = await screen.findByRole(
    'link',
    { name: /Osimertinib after chemoradiation/ },
    { timeout: 5000 },
  );
  return title.closest('article') as HTMLElement;
}

describe('search results (/search)', () => {
  it('should search with the form answers, place, radius and default filters', async () => {
    renderSearch();
    await firstCard();
    // The Patient Information panel sits beside the results (composed in app/router).
    expect(screen.getByRole('heading', { name: 'Patient Information' })).toBeInTheDocument();

    const body = lastBody();
    expect(body).toMatchObject({
      type_of_disease: 'lung_cancer',
      country: 'DE',
      location: { lat: 52.52, long: 13.405 },
      radius: 1000,
      radius_unit: 'KM',
      sort: 'match',
      page: 1,
      userSource: 'ancora_hcp',
      filters: { study_type: ['Interventional'] },
    });
    // The server converts the answers; unanswered fields are not sent.
    expect(body.answers).toMatchObject({ egfr: 'yes', ecog: '1', age: '64' });
    expect(body.answers).not.toHaveProperty('other_disease');
    expect(body).not.toHaveProperty('criterions');
  });

  it('should render result cards with phase, status, nearest site, distance and reasons', async () => {
    const { user } = renderSearch();
    const card = await firstCard();

    expect(screen.getByText('1 trial found')).toBeInTheDocument();
    expect(within(card).getByText('Phase 2')).toBeInTheDocument();
    expect(within(card).getByText('Recruiting')).toBeInTheDocument();
    expect(
      within(card).getByText(/Charité - Universitätsmedizin Berlin, Berlin, Germany/),
    ).toBeInTheDocument();
    expect(within(card).getByText('12.4 km away')).toBeInTheDocument();
    expect(within(card).getByText('3 sites within your search radius')).toBeInTheDocument();
    expect(within(card).getByText('2 criteria matched')).toBeInTheDocument();
    expect(within(card).getByText('EGFR mutation, ECOG performance status')).toBeInTheDocument();
    expect(within(card).getByText('1 to check')).toBeInTheDocument();
    expect(within(card).getByText('Brain metastases')).toBeInTheDocument();
    expect(within(card).getByText('0 conflicting')).toBeInTheDocument();

    // The rules in words appear on request.
    expect(within(card).queryByText('EGFR mutation required')).toBeNull();
    const toggle = within(card).getByRole('button', { name: 'Show the criteria' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByText('EGFR mutation required')).toBeVisible();
    expect(within(card).getByText('Brain metastases excluded')).toBeVisible();
    expect(
      within(card).getByText('Documented activating EGFR mutation (exon 19 deletion or L858R).'),
    ).toBeVisible();
  });

  it('should name an answer that may not fit first among the criteria to check', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          trials: [
            trialSummary({
              toCheck: [
                criterion(
                  'brain_metastases',
                  'Brain metastases',
                  'to_check',
                  'Brain metastases excluded',
                ),
                criterion(
                  'alk',
                  'ALK rearrangement',
                  'to_check',
                  'ALK rearrangement excluded',
                  'No ALK fusion.',
                  {
                    kind: 'excluded',
                    qualified: true,
                    confidence: 'low',
                    reading: 'calibration',
                  },
                ),
              ],
            }),
          ],
        }),
      ),
    );
    const { user } = renderSearch();
    const card = await firstCard();

    expect(within(card).getByText('2 to check')).toBeInTheDocument();
    expect(within(card).getByText('ALK rearrangement, Brain metastases')).toBeInTheDocument();
    expect(within(card).getByText('1 may not fit: ALK rearrangement')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show the criteria' }));
    const toCheck = within(card).getByRole('heading', { name: 'To check' })
      .parentElement as HTMLElement;
    const [first, second] = within(toCheck).getAllByRole('listitem');
    expect(within(first).getByText(/not read surely enough to exclude/)).toBeVisible();
    expect(within(first).getByText('No ALK fusion.')).toBeVisible();
    expect(within(second).queryByText(/not read surely enough/)).toBeNull();
  });

  it('should say nothing may not fit when every criterion to check is only unanswered', async () => {
    renderSearch();
    const card = await firstCard();
    expect(within(card).getByText('1 to check')).toBeInTheDocument();
    expect(within(card).queryByText(/may not fit/)).toBeNull();
  });

  it('should send one search for the first page: the route loader asks, the screen finds it in the cache', async () => {
    renderSearch();
    await firstCard();

    // A second request would mean the loader's body differed from the screen's.
    expect(summarizeTrials).toHaveBeenCalledTimes(1);
    expect(lastBody()).toMatchObject({ type_of_disease: 'lung_cancer', page: 1 });
  });

  it('should link each card to its details in a new tab with the answers in q', async () => {
    renderSearch('/search?requestID=req-9');
    const card = await firstCard();
    const link = within(card).getByRole('link', { name: /Osimertinib after chemoradiation/ });

    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/details/NCT04487080');
    expect(href.searchParams.get('requestID')).toBe('req-9');
    // No hospital was chosen: no facility to put first.
    expect(href.searchParams.has('facility')).toBe(false);
    const answers = decodeQuestionnaire(href.searchParams.get('q') ?? '');
    expect(answers).toMatchObject({ egfr: 'yes', type_of_disease: 'lung_cancer', latitude: 52.52 });
    for (const omitted of ['userId', 'sessionId', '_id', '__v', 'timestamp']) {
      expect(answers).not.toHaveProperty(omitted);
    }
  });

  it('should put the chosen hospital in the details link when the search was limited to some', async () => {
    renderSearch('/search', storeForm({ ...SEARCH_FORM, facility_ids: ['17', '42'] }));
    const card = await firstCard();

    expect(lastBody().facility_ids).toEqual([17, 42]);
    const href = new URL(
      within(card)
        .getByRole('link', { name: /View trial details/ })
        .getAttribute('href') ?? '',
      'http://localhost',
    );
    expect(href.searchParams.get('facility')).toBe('17');
  });

  it('should say "about" for the distance to a site placed at its city', async () => {
    const summary = trialSummary();
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          trials: [
            { ...summary, nearestSite: { ...summary.nearestSite!, approximateLocation: true } },
          ],
        }),
      ),
    );
    renderSearch();
    const card = await firstCard();

    expect(within(card).getByText('about 12.4 km away')).toBeInTheDocument();
    expect(within(card).queryByText('12.4 km away')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'in Berlin', 'about 0 km away'],
    ['es', 'en Berlin', 'a unos 0 km'],
    ['de', 'in Berlin', 'etwa 0 km entfernt'],
  ] as const)(
    'should say "in Berlin", not "about 0 km away", for a site placed at the city searched (%s)',
    async (language, shown, notShown) => {
      const summary = trialSummary();
      vi.mocked(summarizeTrials).mockImplementation(() =>
        ok(
          summaryResponse({
            trials: [
              {
                ...summary,
                nearestSite: { ...summary.nearestSite!, approximateLocation: true, distance: 0 },
              },
            ],
          }),
        ),
      );
      renderWithApp(null, { route: '/search', storage: storeForm(SEARCH_FORM), language });
      const card = await firstCard();

      expect(within(card).getByText(shown)).toBeInTheDocument();
      expect(within(card).queryByText(notShown)).not.toBeInTheDocument();
    },
  );

  it('should say "nearby" for a site whose distance rounds to nothing', async () => {
    const summary = trialSummary();
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          trials: [{ ...summary, nearestSite: { ...summary.nearestSite!, distance: 0.02 } }],
        }),
      ),
    );
    renderSearch();
    const card = await firstCard();

    expect(within(card).getByText('nearby')).toBeInTheDocument();
    expect(within(card).queryByText('0 km away')).not.toBeInTheDocument();
  });

  it('should show the facet counts next to the filters', async () => {
    renderSearch();
    await firstCard();
    const bar = screen.getByRole('region', { name: 'Filters and sorting' });

    const phase2 = within(bar).getByRole('checkbox', { name: /Phase 2/ });
    expect(within(phase2.closest('label') as HTMLElement).getByText('12')).toBeVisible();
    expect(within(bar).getByRole('checkbox', { name: /Phase 2/ })).toHaveAccessibleName(
      'Phase 2, 12 trials',
    );
    expect(within(bar).getByRole('checkbox', { name: /Phase 4/ })).toHaveAccessibleName(
      'Phase 4, 0 trials',
    );
    expect(within(bar).getByRole('checkbox', { name: /^Not yet recruiting/ })).toHaveAccessibleName(
      'Not yet recruiting, 4 trials',
    );
  });

  it('should send a changed filter, start again at page 1 and record the filter-set event', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() => ok(summaryResponse({ total: 100 })));
    const { user } = renderSearch('/search', {
      ...storeForm(SEARCH_FORM),
      [STORAGE_KEYS.page]: '3',
    });
    await firstCard();
    expect(lastBody().page).toBe(3);

    const bar = screen.getByRole('region', { name: 'Filters and sorting' });
    await user.click(within(bar).getByRole('checkbox', { name: /Phase 2/ }));

    await waitFor(() =>
      expect(lastBody()).toMatchObject({
        page: 1,
        filters: { trial_phase: ['Phase 2'], study_type: ['Interventional'] },
      }),
    );
    expect(localStorage.getItem(STORAGE_KEYS.page)).toBe('1');
    expect(JSON.parse(localStorage.getItem(FILTERS_STORAGE_KEY) ?? '{}')).toMatchObject({
      filters: { trial_phase: ['Phase 2'] },
    });
    expect(window.dataLayer).toContainEqual({ event: 'filter_set', filterType: 'trial_phase' });
  });

  it('should filter by genetic mutation in the advanced filters modal and clear it with its remove option', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() => ok(summaryResponse({ total: 5 })));
    const { user } = renderSearch('/search', {
      ...storeForm(SEARCH_FORM),
      [STORAGE_KEYS.page]: '2',
    });
    await firstCard();

    await user.click(screen.getByRole('button', { name: 'Advanced filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Advanced filters' });
    expect(within(dialog).getByText(/Narrow the trials by treatment/)).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Treatment type' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Study type' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Specificity' })).toBeInTheDocument();
    // Phase and status are on the page itself on desktop.
    expect(within(dialog).queryByRole('group', { name: 'Trial phase' })).not.toBeInTheDocument();

    await user.type(
      within(dialog).getByLabelText('Search in Genetic mutations and biomarkers'),
      'egf',
    );
    const egfr = within(dialog).getByRole('checkbox', { name: /^EGFR/ });
    expect(egfr).toHaveAccessibleName('EGFR, 5 trials');
    await user.click(egfr);
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ page: 1, filters: { genetic_mutations: ['EGFR'] } }),
    );
    expect(within(dialog).getByRole('button', { name: 'Remove EGFR' })).toBeInTheDocument();

    const removeFilter = within(
      within(dialog).getByRole('group', { name: 'Genetic mutations and biomarkers' }),
    ).getByRole('button', { name: 'Remove filter' });
    await user.click(removeFilter);
    expect(within(dialog).queryByRole('button', { name: 'Remove EGFR' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /^EGFR/ })).not.toBeChecked();
    expect(JSON.parse(localStorage.getItem(FILTERS_STORAGE_KEY) ?? '{}')).toMatchObject({
      filters: { genetic_mutations: [] },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Show 5 trials' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should close the filters panel when the page is left', async () => {
    const { user, router } = renderSearch();
    await firstCard();
    await user.click(screen.getByRole('button', { name: 'Advanced filters' }));
    expect(await screen.findByRole('dialog', { name: 'Advanced filters' })).toBeInTheDocument();

    await act(() => router?.navigate('/about'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should offer the mobile filters panel with trial phase and recruiting status', async () => {
    const { user } = renderSearch();
    await firstCard();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const status = within(dialog).getByRole('group', { name: 'Recruiting status' });
    expect(within(dialog).getByRole('group', { name: 'Trial phase' })).toBeInTheDocument();
    await user.click(within(status).getByRole('checkbox', { name: /^Recruiting/ }));

    await waitFor(() =>
      expect(lastBody().filters).toMatchObject({ recruiting_status: ['Recruiting'] }),
    );
  });

  it('should sort, start at page 1 and scroll to the top', async () => {
    const { user } = renderSearch('/search', {
      ...storeForm(SEARCH_FORM),
      [STORAGE_KEYS.page]: '2',
    });
    await firstCard();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    scrollTo.mockClear();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'newest');

    await waitFor(() => expect(lastBody()).toMatchObject({ sort: 'newest', page: 1 }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('should show every result card of a page in order (the first ones are drawn before the rest)', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          total: 12,
          trials: Array.from({ length: 12 }, (_, i) =>
            trialSummary({ nctId: `NCT000000${10 + i}`, briefTitle: `Trial number ${i + 1}` }),
          ),
        }),
      ),
    );
    renderSearch();

    expect(await screen.findByText('Trial number 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    const titles = screen
      .getAllByRole('article')
      .map((card) => within(card).getAllByRole('link')[0]);
    expect(titles[0]).toHaveAccessibleName(/Trial number 1\b/);
    expect(titles[11]).toHaveAccessibleName(/Trial number 12\b/);
  });

  it('should page through results 25 at a time and scroll to the top', async () => {
    vi.mocked(summarizeTrials).mockImplementation((options) => {
      const page = options.body.page ?? 1;
      return ok(
        summaryResponse({
          total: 60,
          page,
          trials: [
            trialSummary({ nctId: `NCT0000000${page}`, briefTitle: `Trial of page ${page}` }),
          ],
        }),
      );
    });
    const { user } = renderSearch();
    expect(await screen.findByText('Trial of page 1')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    scrollTo.mockClear();

    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByText('Trial of page 2')).toBeInTheDocument();
    expect(lastBody().page).toBe(2);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByText(/showing 26–26 of 60/)).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Trial of page 3')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('should say what to change when nothing is found, and widen the radius on request', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          total: 0,
          trials: [],
          facets: facets({ study_type: { Interventional: 0, Observational: 3 } }),
        }),
      ),
    );
    const { user } = renderSearch();

    expect(
      await screen.findByRole('heading', { name: 'No trials match this search' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Include Observational studies (3 trials)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Review the patient's answers" })).toHaveAttribute(
      'href',
      '/questionnaire',
    );

    await user.click(screen.getByRole('button', { name: 'Search within 2,500 km' }));

    await waitFor(() => expect(lastBody().radius).toBe(2500));
    expect(getForm().radius).toBe('2500');
  });

  it('should show the nearest trials beyond an empty radius and search up to them on request', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          total: 0,
          trials: [],
          nearestBeyond: { count: 3, from: 1000, to: 5000, nearest: 2712.4 },
        }),
      ),
    );
    const { user } = renderSearch();

    const status = await screen.findByText(/3 trials between 1,000 and 5,000 km/);
    expect(status).toHaveTextContent(
      'No trial within 1,000 km: 3 trials between 1,000 and 5,000 km.',
    );
    expect(status).toHaveTextContent('The nearest is 2,712 km away.');
    // The step goes straight to the band, not to the next radius (2,500 km holds none).
    expect(
      screen.queryByRole('button', { name: 'Search within 2,500 km' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search within 5,000 km' }));

    await waitFor(() => expect(lastBody().radius).toBe(5000));
    expect(getForm().radius).toBe('5000');
  });

  it('should let the doctor choose the radius on the results page, in miles in the US', async () => {
    // As the server does: the results come in the unit asked for.
    vi.mocked(summarizeTrials).mockImplementation((options) =>
      ok(summaryResponse({ unit: options.body.radius_unit })),
    );
    const { user } = renderSearch(
      '/search',
      storeForm({ ...SEARCH_FORM, country_name: 'US', radius_unit: 'MI', radius: '1000' }),
    );
    const radius = await screen.findByRole('combobox', { name: 'Search radius' });
    expect(radius).toHaveDisplayValue('1,000 mi');
    await user.selectOptions(radius, '250');

    await waitFor(() => expect(lastBody().radius).toBe(250));
    expect(lastBody().radius_unit).toBe('MI');
    expect(getForm().radius).toBe('250');
  });

  it('should say which study types are selected, not "None selected" while Interventional is ticked', async () => {
    const { user } = renderSearch();
    await firstCard();
    await user.click(screen.getByRole('button', { name: 'Advanced filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Advanced filters' });
    const types = within(dialog).getByRole('group', { name: 'Study type' });
    expect(within(types).getByRole('checkbox', { name: /^Interventional/ })).toBeChecked();
    expect(types).toHaveTextContent('Showing: Interventional.');
    expect(types).not.toHaveTextContent('None selected');

    await user.click(within(types).getByRole('checkbox', { name: /^Observational/ }));
    expect(types).toHaveTextContent('Showing: Interventional, Observational.');
    await user.click(within(types).getByRole('checkbox', { name: /^Interventional/ }));
    await user.click(within(types).getByRole('checkbox', { name: /^Observational/ }));
    expect(types).toHaveTextContent('None selected: interventional studies.');
  });

  it('should show a polite message and no results when the search fails', async () => {
    vi.mocked(summarizeTrials).mockRejectedValue({
      statusCode: 500,
      message: 'Internal server error',
    });
    const { user } = renderSearch();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The trials could not be loaded');
    expect(alert).toHaveTextContent('Your answers and filters are saved');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    vi.mocked(summarizeTrials).mockImplementation(() => ok(summaryResponse()));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await firstCard()).toBeInTheDocument();
  });

  it('should ask to wait when the search is rate-limited', async () => {
    vi.mocked(summarizeTrials).mockRejectedValue({
      statusCode: 429,
      code: 'TooManyRequests',
      message: 'Too many requests, please try again later.',
    });
    renderSearch();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The trials could not be loaded');
    expect(alert).toHaveTextContent(
      'Too many requests from your connection. Please wait a minute and try again.',
    );
    expect(alert).not.toHaveTextContent('Your answers and filters are saved');
  });

  it('should link the questions that decide the most results to their questions', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          openQuestions: [
            { key: 'tumor_stage', label: 'Tumor stage', trials: 7 },
            { key: 'pregnant_nursing', label: 'Pregnant or breastfeeding', trials: 1 },
            { key: 'adenocarcinoma', label: 'Adenocarcinoma histology', trials: 4 },
            { key: 'egfr', label: 'EGFR mutation', trials: 2 },
          ],
        }),
      ),
    );
    const { user } = renderSearch();

    const title = await screen.findByRole('heading', {
      name: 'Questions that decide the most results',
    });
    const section = title.closest('section') as HTMLElement;
    // Folded: the results come first; the questions are drawn once it is opened.
    expect(within(section).queryByRole('link')).toBeNull();
    await user.click(title);
    expect(await within(section).findByRole('link', { name: 'Tumor stage' })).toHaveAttribute(
      'href',
      '/questionnaire#cancer_stage',
    );
    expect(within(section).getByText('decides 7 results')).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Pregnant or breastfeeding' }),
    ).toHaveAttribute('href', '/questionnaire#pregnant');
    expect(within(section).getByText('decides 1 result')).toBeInTheDocument();
    // Lung cancer: the histology is the NSCLC question.
    expect(within(section).getByRole('link', { name: 'Adenocarcinoma histology' })).toHaveAttribute(
      'href',
      '/questionnaire#nsclc',
    );
    expect(within(section).getByRole('link', { name: 'EGFR mutation' })).toHaveAttribute(
      'href',
      '/questionnaire#egfr',
    );
  });

  it('should word a rule with alternatives as the names read inside the sentence', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          trials: [
            trialSummary({
              toCheck: [
                criterion(
                  'relapsed',
                  'Relapsed disease',
                  'to_check',
                  'Relapsed disease or refractory disease or EGFR mutation required',
                  '',
                  { anyOf: ['refractory', 'egfr'] },
                ),
              ],
            }),
          ],
        }),
      ),
    );
    const { user } = renderWithApp(null, {
      route: '/search',
      storage: storeForm(SEARCH_FORM),
      language: 'de',
    });
    const card = await firstCard();

    await user.click(within(card).getByRole('button', { name: 'Kriterien anzeigen' }));
    // German keeps its nouns and acronyms capitalised, not the adjective of the second name.
    expect(
      within(card).getByText(
        'Rezidivierte Erkrankung oder refraktäre Erkrankung oder EGFR-Mutation erforderlich',
      ),
    ).toBeVisible();
  });

  it('should word the criteria and the open questions in Spanish, not in English', async () => {
    vi.mocked(summarizeTrials).mockImplementation(() =>
      ok(
        summaryResponse({
          openQuestions: [
            { key: 'tumor_stage', label: 'Tumor stage', trials: 7 },
            { key: 'pregnant_nursing', label: 'Pregnant or breastfeeding', trials: 1 },
          ],
          trials: [
            trialSummary({
              conflicting: [
                criterion('age', 'Age', 'conflicting', 'Age at least 18 years', '', {
                  kind: 'range',
                  min: 18,
                  section: 'structured',
                }),
                criterion(
                  'tumor_stage',
                  'Tumor stage',
                  'conflicting',
                  'Tumor stage at least III',
                  '',
                  {
                    kind: 'range',
                    min: 3,
                  },
                ),
                // A criterion the web does not know yet keeps the API's words.
                criterion('new_marker', 'New marker', 'conflicting', 'New marker required'),
              ],
            }),
          ],
        }),
      ),
    );
    const { user } = renderWithApp(null, {
      route: '/search',
      storage: storeForm(SEARCH_FORM),
      language: 'es',
    });
    const card = await firstCard();

    expect(within(card).getByText('Mutación de EGFR, Estado funcional ECOG')).toBeInTheDocument();
    expect(within(card).getByText('Metástasis cerebrales')).toBeInTheDocument();
    expect(within(card).getByText('Edad, Estadio tumoral, New marker')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Mostrar los criterios' }));
    for (const rule of [
      'Se requiere: mutación de EGFR',
      'Estado funcional ECOG: de 0 a 1',
      'Se excluye: metástasis cerebrales',
      'Edad: al menos 18 años',
      'Estadio tumoral: al menos III',
      'New marker required',
    ]) {
      expect(within(card).getByText(rule)).toBeVisible();
    }
    expect(within(card).queryByText(/^EGFR mutation|^Brain metastases|at least/)).toBeNull();
    // The registry's sentence stays in its own language.
    expect(
      within(card).getByText('Documented activating EGFR mutation (exon 19 deletion or L858R).'),
    ).toBeVisible();

    const title = screen.getByRole('heading', { name: 'Preguntas que deciden más resultados' });
    const section = title.closest('section') as HTMLElement;
    await user.click(title);
    expect(await within(section).findByRole('link', { name: 'Estadio tumoral' })).toHaveAttribute(
      'href',
      '/questionnaire#cancer_stage',
    );
    expect(within(section).getByRole('link', { name: 'Embarazo o lactancia' })).toHaveAttribute(
      'href',
      '/questionnaire#pregnant',
    );
  });

  it('should send an incomplete location to / and keep the form as it was', async () => {
    const form = { ...SEARCH_FORM, latitude: 0, longitude: 0 };
    const { router } = renderWithApp(null, {
      route: '/search',
      user: TEST_HCP,
      storage: storeForm(form),
    });

    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
    expect(summarizeTrials).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(FORM_STORAGE_KEY) ?? '{}')).toEqual(form);
  });

  it('should reset the filters and the page when the condition changes', async () => {
    const { user } = renderSearch();
    await firstCard();
    const bar = screen.getByRole('region', { name: 'Filters and sorting' });
    await user.click(within(bar).getByRole('checkbox', { name: /Phase 2/ }));
    await waitFor(() => expect(lastBody().filters).toHaveProperty('trial_phase'));
    localStorage.setItem(STORAGE_KEYS.page, '4');

    act(() => {
      window.dispatchEvent(
        new CustomEvent('trialflow:disease-changed', {
          detail: { previous: 'lung_cancer', disease: 'lung_cancer' },
        }),
      );
    });

    await waitFor(() =>
      expect(within(bar).getByRole('checkbox', { name: /Phase 2/ })).not.toBeChecked(),
    );
    expect(localStorage.getItem(STORAGE_KEYS.page)).toBe('1');
    expect(JSON.parse(localStorage.getItem(FILTERS_STORAGE_KEY) ?? '{}')).toMatchObject({
      disease: 'lung_cancer',
      filters: { trial_phase: [], study_type: ['Interventional'] },
    });
    // The same search as the first one: answered from the cache, not sent again.
    expect(screen.getByText('1 trial found')).toBeInTheDocument();
  });
});

describe('search by condition (/searchbycondition)', () => {
  it('should write its parameters into the form and search without answers', async () => {
    const { router } = renderWithApp(null, {
      route:
        '/searchbycondition?lat=40.4168&lng=-3.7038&facility=17,42&condition=breast_cancer&countryCode=es&city=Madrid',
      storage: storeForm(SEARCH_FORM),
    });
    await firstCard();

    expect(lastBody()).toMatchObject({
      type_of_disease: 'breast_cancer',
      country: 'ES',
      location: { lat: 40.4168, long: -3.7038 },
      radius: 1000,
      radius_unit: 'KM',
      facility_ids: [17, 42],
      filters: { study_type: ['Interventional'] },
    });
    expect(lastBody()).not.toHaveProperty('answers');
    expect(getForm()).toMatchObject({
      type_of_disease: 'breast_cancer',
      country_name: 'ES',
      latitude: 40.4168,
      longitude: -3.7038,
      zip_code: 'Madrid',
      facility_ids: ['17', '42'],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Trials for this condition' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Breast cancer')).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/searchbycondition');

    // The details carry only the place and condition, not the earlier patient's answers.
    const href = new URL(
      screen.getByRole('link', { name: /View trial details/ }).getAttribute('href') ?? '',
      'http://localhost',
    );
    const answers = decodeQuestionnaire(href.searchParams.get('q') ?? '');
    expect(answers).toMatchObject({ type_of_disease: 'breast_cancer', latitude: 40.4168 });
    expect(answers).not.toHaveProperty('egfr');
    expect(href.searchParams.get('facility')).toBe('17');
  });

  it('should use miles in the US and send an incomplete link home without touching the form', async () => {
    const first = renderWithApp(null, {
      route:
        '/searchbycondition?lat=40.71&lng=-74.0&condition=melanoma&countryCode=US&city=New+York',
    });
    await firstCard();
    expect(lastBody()).toMatchObject({ radius_unit: 'MI', type_of_disease: 'melanoma' });
    first.unmount();
    localStorage.clear();
    resetFormStoreForTests();

    const { router } = renderWithApp(null, {
      route: '/searchbycondition?condition=melanoma&countryCode=US',
      user: TEST_HCP,
      storage: storeForm(SEARCH_FORM),
    });
    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
    expect(getForm().type_of_disease).toBe('lung_cancer');
  });
});
