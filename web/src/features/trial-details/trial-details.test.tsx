import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getTrial } from '@/api/sdk.gen';
import type { CriterionResultDto, TrialDetailsDto, TrialSiteDto } from '@/api/types.gen';
import { renderWithApp } from '@/testing/render';

// The first render loads the lazy route chunk: allow for a busy machine.

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  getTrial: vi.fn(),
}));

const ok = (data: unknown) =>
  Promise.resolve({
    data,
    request: new Request('http://localhost/'),
    response: new Response(),
  }) as never;

function rule(
  key: string,
  outcome: CriterionResultDto['outcome'],
  ruleText: string,
  text: string,
  section: CriterionResultDto['section'] = 'inclusion',
  parts: Partial<CriterionResultDto> = {},
): CriterionResultDto {
  return {
    key: key as CriterionResultDto['key'],
    label: key,
    kind: 'required',
    outcome,
    rule: ruleText,
    text,
    section,
    confidence: 'high',
    reading: 'plain',
    ...parts,
  };
}

function site(
  facilityId: number,
  facility: string,
  distance: number | null,
  extra: Partial<TrialSiteDto> = {},
): TrialSiteDto {
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
    lat: distance === null ? null : 52.5,
    lon: distance === null ? null : 13.4,
    approximateLocation: false,
    ...extra,
  };
}

const TRIAL: TrialDetailsDto = {
  nctId: 'NCT04487080',
  briefTitle: 'Osimertinib in EGFR-mutated NSCLC',
  officialTitle: 'A Phase 2 Study of Osimertinib After Chemoradiation',
  briefSummary: 'This study tests osimertinib.\nSecond paragraph.',
  phases: ['Phase 2'],
  overallStatus: 'RECRUITING',
  studyType: 'INTERVENTIONAL',
  specificity: 'specific',
  conditions: ['lung_cancer'],
  sponsor: 'AstraZeneca',
  startDate: '2024-03-01',
  lastUpdateDate: '2025-01-15',
  interventions: [{ name: 'Osimertinib', type: 'DRUG', treatmentClass: 'Targeted Therapy' }],
  score: 60,
  matched: [rule('egfr', 'matched', 'EGFR mutation required', 'Documented EGFR mutation.')],
  conflicting: [
    rule(
      'brain_metastases',
      'conflicting',
      'Brain metastases excluded',
      'No brain metastases.',
      'exclusion',
      { kind: 'excluded' },
    ),
  ],
  toCheck: [
    rule('ecog', 'to_check', 'ECOG performance status 0 to 1', 'ECOG 0-1.', 'inclusion', {
      kind: 'range',
      min: 0,
      max: 1,
    }),
  ],
  nearestSite: null,
  sitesInRadius: 2,
  minimumAgeYears: 18,
  maximumAgeYears: null,
  sex: 'ALL',
  genes: ['EGFR'],
  eligibilityInclusion: 'Adults with NSCLC.',
  eligibilityExclusion: 'Prior osimertinib.',
  unit: 'KM',
  // The API sends the requested facility first; the screen does not rely on it.
  sites: [
    // Placed at its city: the record gives no coordinates.
    site(17, 'Charité Berlin', 4.2, {
      approximateLocation: true,
      contacts: [
        {
          name: 'Dr. Anna Schmidt',
          role: 'PRINCIPAL_INVESTIGATOR',
          phone: '+49 30 1234',
          email: 'anna@charite.example',
        },
      ],
    }),
    site(99, 'Site without coordinates', null, { status: '' }),
    site(42, 'Vivantes Klinikum', 18.75, { status: 'NOT_YET_RECRUITING' }),
  ],
  sitesTotal: 3,
  registryUrl: 'https://clinicaltrials.gov/study/NCT04487080',
  evaluated: true,
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(getTrial).mockImplementation(() => ok(TRIAL));
});

describe('trial details (/details/{id})', () => {
  it('should load the trial with q and facility and show titles, summary and registry link', async () => {
    renderWithApp(null, {
      route: '/details/NCT04487080?requestID=r-7&q=eyJlZ2ZyIjoieWVzIn0%3D&facility=42',
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Osimertinib in EGFR-mutated NSCLC' }),
    ).toBeInTheDocument();
    expect(getTrial).toHaveBeenCalledWith(
      expect.objectContaining({
        path: { nctId: 'NCT04487080' },
        // The sites shown before 'show all' only: the others come when they are shown.
        query: { sites: 10, q: 'eyJlZ2ZyIjoieWVzIn0=', facility: 42, requestID: 'r-7' },
      }),
    );
    expect(
      screen.getByText('A Phase 2 Study of Osimertinib After Chemoradiation'),
    ).toBeInTheDocument();
    expect(screen.getByText(/This study tests osimertinib/)).toBeInTheDocument();
    expect(screen.getByText('Lung cancer')).toBeInTheDocument();
    expect(screen.getByText('Osimertinib')).toBeInTheDocument();
    expect(screen.getByText('Drug · Targeted therapy')).toBeInTheDocument();
    expect(screen.getByText('18 years and older')).toBeInTheDocument();
    expect(screen.getByText('Adults with NSCLC.')).toBeInTheDocument();
    const registry = screen.getByRole('link', { name: /View on ClinicalTrials.gov/ });
    expect(registry).toHaveAttribute('href', 'https://clinicaltrials.gov/study/NCT04487080');
    expect(registry).toHaveAttribute('target', '_blank');
  });

  it('should ask for the trial once: the route loader asks, the screen finds it in the cache', async () => {
    renderWithApp(null, {
      route: '/details/NCT04487080?requestID=r-7&q=eyJlZ2ZyIjoieWVzIn0%3D&facility=42',
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Osimertinib in EGFR-mutated NSCLC' }),
    ).toBeInTheDocument();
    // The loader's request and the screen's query are one (the same key): a second request
    // would mean the page waited for one answer and then asked again.
    expect(getTrial).toHaveBeenCalledTimes(1);
  });

  it('should show the evaluation: met, not met and to check with the rule text', async () => {
    renderWithApp(null, { route: '/details/NCT04487080?q=eyJlZ2ZyIjoieWVzIn0%3D' });

    const section = (
      await screen.findByRole('heading', { name: 'Eligibility for this patient' })
    ).closest('section') as HTMLElement;
    const summary = within(section).getByRole('list', { name: 'Evaluation summary' });
    expect(summary).toHaveTextContent('1 not met');
    expect(summary).toHaveTextContent('1 to check');
    expect(summary).toHaveTextContent('1 met');

    const group = (name: string) =>
      within(section).getByRole('heading', { name }).parentElement as HTMLElement;
    expect(within(group('Met')).getByText('EGFR mutation required')).toBeInTheDocument();
    expect(within(group('Met')).getByText('Documented EGFR mutation.')).toBeInTheDocument();
    expect(within(group('Not met')).getByText('Brain metastases excluded')).toBeInTheDocument();
    expect(within(group('Not met')).getByText('(exclusion criteria)')).toBeInTheDocument();
    expect(
      within(group('To check')).getByText('ECOG performance status 0 to 1'),
    ).toBeInTheDocument();
  });

  it('should say "read the criterion: the site decides" for a rule read without confidence, with all its sentences', async () => {
    vi.mocked(getTrial).mockImplementation(() =>
      ok({
        ...TRIAL,
        toCheck: [
          ...TRIAL.toCheck,
          rule(
            'brain_metastases',
            'to_check',
            'Brain metastases excluded',
            'Cohort B: no brain metastases.',
            'inclusion',
            {
              kind: 'excluded',
              confidence: 'low',
              reading: 'cohort',
              texts: ['Cohort B: no brain metastases.', 'Untreated brain metastases.'],
            },
          ),
        ],
      }),
    );
    renderWithApp(null, { route: '/details/NCT04487080?q=eyJlZ2ZyIjoieWVzIn0%3D' });

    const section = (
      await screen.findByRole('heading', { name: 'Eligibility for this patient' })
    ).closest('section') as HTMLElement;
    const toCheck = within(section).getByRole('heading', { name: 'To check' })
      .parentElement as HTMLElement;
    const [ecog, brain] = within(toCheck).getAllByRole('listitem');
    expect(within(brain).getByText('Read the criterion: the site decides.')).toBeInTheDocument();
    expect(within(brain).getByText('Cohort B: no brain metastases.')).toBeInTheDocument();
    expect(within(brain).getByText('Untreated brain metastases.')).toBeInTheDocument();
    // A confident rule that is only unanswered says nothing of the kind.
    expect(within(ecog).queryByText('Read the criterion: the site decides.')).toBeNull();
  });

  it('should say once that an answer may not fit a rule read without the confidence to exclude', async () => {
    vi.mocked(getTrial).mockImplementation(() =>
      ok({
        ...TRIAL,
        toCheck: [
          rule(
            'egfr',
            'to_check',
            'EGFR mutation required',
            'Documented EGFR mutation.',
            'inclusion',
            {
              qualified: true,
              confidence: 'low',
              reading: 'calibration',
            },
          ),
          rule(
            'brain_metastases',
            'to_check',
            'Brain metastases excluded',
            'Active brain metastases.',
            'exclusion',
            {
              kind: 'excluded',
              qualified: true,
              confidence: 'low',
              reading: 'qualified',
            },
          ),
        ],
      }),
    );
    renderWithApp(null, { route: '/details/NCT04487080?q=eyJlZ2ZyIjoibm8ifQ%3D%3D' });

    const section = (
      await screen.findByRole('heading', { name: 'Eligibility for this patient' })
    ).closest('section') as HTMLElement;
    const toCheck = within(section).getByRole('heading', { name: 'To check' })
      .parentElement as HTMLElement;
    const [egfr, brain] = within(toCheck).getAllByRole('listitem');
    expect(
      within(egfr).getByText(
        'The answer may not fit, but the criterion was not read surely enough to exclude the trial: read it, the site decides.',
      ),
    ).toBeInTheDocument();
    expect(within(egfr).queryByText('Read the criterion: the site decides.')).toBeNull();
    expect(within(egfr).queryByText(/only applies in some cases/)).toBeNull();
    // A rule that applies only in a state the questionnaire does not ask keeps its own note.
    expect(within(brain).getByText(/only applies in some cases/)).toBeInTheDocument();
    expect(within(brain).queryByText(/not read surely enough/)).toBeNull();
  });

  it('should word the evaluation in German and quote the criteria as the registry gives them', async () => {
    vi.mocked(getTrial).mockImplementation(() =>
      ok({
        ...TRIAL,
        matched: [
          ...TRIAL.matched,
          rule('age', 'matched', 'Age at least 18 years', 'Age 18 years or older', 'structured', {
            kind: 'range',
            min: 18,
          }),
          rule(
            'gender',
            'matched',
            'Female patients only',
            'Female participants only',
            'structured',
            {
              value: 'female',
            },
          ),
          rule(
            'alk',
            'matched',
            'ALK rearrangement or ROS1 rearrangement required',
            'ALK or ROS1 positive.',
            'inclusion',
            { anyOf: ['ros1'] },
          ),
          rule(
            'newly_diagnosed',
            'matched',
            'Newly diagnosed or untreated disease required',
            'Newly diagnosed, untreated disease.',
            'inclusion',
            { anyOf: ['untreated'] },
          ),
        ],
      }),
    );
    renderWithApp(null, {
      route: '/details/NCT04487080?q=eyJlZ2ZyIjoieWVzIn0%3D',
      language: 'de',
    });

    const section = (
      await screen.findByRole('heading', { name: 'Eignung dieses Patienten' })
    ).closest('section') as HTMLElement;
    const group = (name: string) =>
      within(section).getByRole('heading', { name }).parentElement as HTMLElement;
    const met = group('Erfüllt');
    expect(within(met).getByText('EGFR-Mutation erforderlich')).toBeInTheDocument();
    expect(within(met).getByText('Alter: mindestens 18 Jahre')).toBeInTheDocument();
    expect(within(met).getByText('Nur Patientinnen')).toBeInTheDocument();
    expect(
      within(met).getByText('ALK-Rearrangement oder ROS1-Rearrangement erforderlich'),
    ).toBeInTheDocument();
    // An adjective after 'oder' is written small, as German writes it inside a sentence.
    expect(
      within(met).getByText('Neu diagnostiziert oder unbehandelte Erkrankung erforderlich'),
    ).toBeInTheDocument();
    // The criteria sentences stay as the registry wrote them; the API's English sentences made
    // from the registry fields (age, sex) are not quoted.
    expect(within(met).getByText('Documented EGFR mutation.')).toBeInTheDocument();
    expect(within(met).getByText('ALK or ROS1 positive.')).toBeInTheDocument();
    expect(within(met).queryByText('Age 18 years or older')).toBeNull();
    expect(within(met).queryByText('Female participants only')).toBeNull();
    expect(
      within(group('Nicht erfüllt')).getByText('Hirnmetastasen ausgeschlossen'),
    ).toBeInTheDocument();
    expect(
      within(group('Zu prüfen')).getByText('ECOG-Leistungsstatus: 0 bis 1'),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/required|excluded|ECOG performance/)).toBeNull();
  });

  it("should show the registry's Markdown escapes and HTML entities as their characters", async () => {
    vi.mocked(getTrial).mockImplementation(() =>
      ok({
        ...TRIAL,
        eligibilityExclusion:
          '* Bypass graft of \\&lt;6 months\n* Legal protection \\[guardianship\\]',
        toCheck: [
          rule(
            'other_cancer',
            'to_check',
            'Another cancer excluded',
            'Gleason &lt;6.',
            'exclusion',
            {
              kind: 'excluded',
            },
          ),
        ],
      }),
    );
    renderWithApp(null, { route: '/details/NCT04487080?q=eyJlZ2ZyIjoieWVzIn0%3D' });

    await screen.findByRole('heading', { name: 'Eligibility for this patient' });
    expect(
      screen.getByText(/^\* Bypass graft of <6 months\s+\* Legal protection \[guardianship\]$/),
    ).toBeInTheDocument();
    expect(screen.getByText('Gleason <6.')).toBeInTheDocument();
    expect(screen.queryByText(/&lt;|\\\[/)).not.toBeInTheDocument();
  });

  it('should list the sites with the facility of the link first, then nearest first', async () => {
    renderWithApp(null, { route: '/details/NCT04487080?facility=42' });

    const section = (await screen.findByRole('heading', { name: '3 sites' })).closest(
      'section',
    ) as HTMLElement;
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Vivantes Klinikum', 'Charité Berlin', 'Site without coordinates']);

    const [first, second, third] = within(section)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('site'));
    expect(within(first).getByText('Selected site')).toBeInTheDocument();
    expect(within(first).getByText('Not yet recruiting')).toBeInTheDocument();
    expect(within(first).getByText('18.8 km away')).toBeInTheDocument();
    expect(within(second).queryByText('Selected site')).not.toBeInTheDocument();
    expect(within(second).getByText('about 4.2 km away')).toBeInTheDocument();
    expect(within(second).queryByText('4.2 km away')).not.toBeInTheDocument();
    expect(within(second).getByText('Principal investigator')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: '+49 30 1234' })).toHaveAttribute(
      'href',
      'tel:+49301234',
    );
    expect(within(second).getByRole('link', { name: 'anna@charite.example' })).toHaveAttribute(
      'href',
      'mailto:anna@charite.example',
    );
    expect(within(third).getByText('Status not given')).toBeInTheDocument();
  });

  it('should come with the nearest sites and load the others when all are shown', async () => {
    const many = Array.from({ length: 14 }, (_, i) => site(100 + i, `Clinic ${i + 1}`, i + 1));
    let answer: (sites: number | undefined) => Promise<unknown> = (sites) =>
      ok({ ...TRIAL, sites: many.slice(0, sites ?? many.length), sitesTotal: 14 });
    vi.mocked(getTrial).mockImplementation((options) => answer(options.query?.sites) as never);
    const { user } = renderWithApp(null, { route: '/details/NCT04487080' });

    const section = (await screen.findByRole('heading', { name: '14 sites' })).closest(
      'section',
    ) as HTMLElement;
    const names = () =>
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(names()).toHaveLength(10);

    // The first try fails: the doctor is told and asks again.
    answer = () => Promise.reject(new Error('offline'));
    await user.click(within(section).getByRole('button', { name: 'Show all 14 sites' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The other sites could not be loaded. Try again.',
    );
    expect(names()).toHaveLength(10);

    answer = (sites) =>
      ok({ ...TRIAL, sites: many.slice(0, sites ?? many.length), sitesTotal: 14 });
    await user.click(within(section).getByRole('button', { name: 'Show all 14 sites' }));
    await waitFor(() => expect(names()).toHaveLength(14));
    expect(names()[13]).toBe('Clinic 14');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(getTrial).toHaveBeenLastCalledWith(expect.objectContaining({ query: {} }));

    await user.click(within(section).getByRole('button', { name: 'Show fewer sites' }));
    expect(names()).toHaveLength(10);
  });

  it('should say "in Berlin" in German for a site placed at the city searched, not "etwa 0 km"', async () => {
    vi.mocked(getTrial).mockImplementation(() =>
      ok({
        ...TRIAL,
        sites: [site(17, 'Charité Berlin', 0, { approximateLocation: true })],
        sitesTotal: 1,
      }),
    );
    renderWithApp(null, { route: '/details/NCT04487080', language: 'de' });

    const name = await screen.findByRole('heading', { name: 'Charité Berlin', level: 3 });
    const item = name.closest('li') as HTMLElement;
    expect(within(item).getByText('in Berlin')).toBeInTheDocument();
    expect(within(item).queryByText(/0 km/)).not.toBeInTheDocument();
  });

  it('should say when it was opened without answers', async () => {
    vi.mocked(getTrial).mockImplementation(() =>
      ok({ ...TRIAL, evaluated: false, matched: [], conflicting: [] }),
    );
    renderWithApp(null, { route: '/details/oncobit/NCT04487080' });

    expect(await screen.findByText(/opened without the patient's answers/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Rules read from the criteria' }),
    ).toBeInTheDocument();
    expect(getTrial).toHaveBeenCalledWith(
      expect.objectContaining({ path: { nctId: 'NCT04487080' }, query: { sites: 10 } }),
    );
  });

  it('should show a friendly page when the trial does not exist', async () => {
    vi.mocked(getTrial).mockRejectedValue({
      statusCode: 404,
      message: 'No trial NCT00000000 is stored.',
    });
    renderWithApp(null, { route: '/details/NCT00000000' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trial not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We could not find the trial NCT00000000/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the results' })).toHaveAttribute(
      'href',
      '/search',
    );
  });

  it('should show the trial without the evaluation when the answers of the link cannot be read', async () => {
    vi.mocked(getTrial)
      .mockRejectedValueOnce({
        statusCode: 400,
        message: 'q must be the questionnaire as base64-encoded JSON',
        errors: { q: 'isBase64Json' },
      })
      .mockImplementation(() => ok({ ...TRIAL, evaluated: false }));
    renderWithApp(null, { route: '/details/NCT04487080?q=broken' });

    expect(
      await screen.findByText(/The patient answers in this link could not be read/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Osimertinib in EGFR-mutated NSCLC',
    );
    await waitFor(() => expect(getTrial).toHaveBeenCalledTimes(2));
    expect(vi.mocked(getTrial).mock.calls.map(([options]) => options.query)).toEqual([
      { sites: 10, q: 'broken' },
      { sites: 10 },
    ]);
  });

  it('should offer a retry when the server fails', async () => {
    vi.mocked(getTrial).mockRejectedValueOnce({
      statusCode: 500,
      message: 'Internal server error',
    });
    const { user } = renderWithApp(null, { route: '/details/NCT04487080' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The trial could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Osimertinib in EGFR-mutated NSCLC' }),
    ).toBeInTheDocument();
  });
});
