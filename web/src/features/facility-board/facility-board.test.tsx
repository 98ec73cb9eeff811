import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listFacilityProgress, listNotifications, updateFacilityProgress } from '@/api/sdk.gen';
import type { FacilityProgressCardDto } from '@/api/types.gen';
import { BOARD_CHANNEL, CLICKED_MESSAGE } from '@/lib/board-channel';
import { emitLiveEventForTests } from '@/lib/live-events';
import { renderWithApp, TEST_CLINOPS, TEST_HCP } from '@/testing/render';

configure({ asyncUtilTimeout: 8000 });
// Several lazy chunks and user events per test on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  listFacilityProgress: vi.fn(),
  updateFacilityProgress: vi.fn(),
  listNotifications: vi.fn(),
}));

const ok = (data: unknown) =>
  Promise.resolve({
    data,
    request: new Request('http://localhost/'),
    response: new Response(),
  }) as never;

function card(overrides: Partial<FacilityProgressCardDto> = {}): FacilityProgressCardDto {
  return {
    _id: 'card-1',
    progressId: 'req-1',
    facilityId: 42,
    identifier: 'PT-001',
    condition: 'non_small_cell_lung_cancer',
    status: 'newRequest',
    timestamp: '2026-11-09T10:00:00.000Z',
    trial: {
      trial_id: 'NCT04487080',
      trial_name: 'A Phase 2 Study of Osimertinib After Chemoradiation in Stage III',
    },
    reached_out: true,
    initial_discussion: false,
    info_needed: false,
    decision_made: false,
    approved: null,
    ...overrides,
  };
}

const column = (name: RegExp) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(listNotifications).mockImplementation(() => ok([]));
  vi.mocked(updateFacilityProgress).mockImplementation(() => ok(card()));
});

async function renderBoard(cards: FacilityProgressCardDto[]) {
  vi.mocked(listFacilityProgress).mockImplementation(() => ok(cards));
  const view = renderWithApp(null, { route: '/clinops/dashboard', user: TEST_CLINOPS });
  await screen.findByRole('heading', { level: 1, name: 'Facility board' });
  await screen.findAllByTestId(/^card-/);
  return view;
}

describe('facility board', () => {
  it('should show the four columns and place each card by its flags, in several if need be', async () => {
    await renderBoard([
      card(),
      card({
        _id: 'card-2',
        identifier: 'PT-002',
        reached_out: false,
        initial_discussion: true,
        info_needed: true,
      }),
    ]);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Reached Out 1', 'Under Review 1', 'Info Needed 1', 'Decision Made 0']);
    expect(within(column(/^Under Review/)).getByTestId('card-PT-002')).toBeVisible();
    expect(within(column(/^Info Needed/)).getByTestId('card-PT-002')).toBeVisible();
    expect(within(column(/^Decision Made/)).getByText('No cards')).toBeVisible();
  });

  it('should show the card fields of the spec and open the request in a new window', async () => {
    await renderBoard([card({ decision_made: true, approved: false, reached_out: false })]);
    const shown = within(column(/^Decision Made/)).getByTestId('card-PT-001');
    expect(within(shown).getByText('Not Approved')).toBeVisible();
    const title = within(shown).getByRole('link');
    expect(title).toHaveTextContent(/^A Phase 2 Study of Osimertinib…/);
    expect(title).toHaveAttribute('href', '/details/clinops/NCT04487080?id=req-1');
    expect(title).toHaveAttribute('target', '_blank');
    expect(within(shown).getByText('NCT04487080')).toBeVisible();
    expect(within(shown).getByText('non small cell lung cancer')).toBeVisible();
    expect(within(shown).getByText('09-11-2026')).toBeVisible();
  });

  it('should move a card by keyboard and save the stage flags through the API', async () => {
    const { user } = await renderBoard([card()]);
    // The server answers with the moved card, and lists it so from then on.
    const moved = card({ reached_out: false, initial_discussion: true });
    vi.mocked(updateFacilityProgress).mockImplementation(() => ok(moved));
    vi.mocked(listFacilityProgress).mockImplementation(() => ok([moved]));
    const move = within(column(/^Reached Out/)).getByRole('button', { name: 'Move PT-001' });
    move.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement).toHaveTextContent('Move to Under Review');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(updateFacilityProgress).toHaveBeenCalledWith(
        expect.objectContaining({
          path: { id: 'card-1' },
          body: { reached_out: false, initial_discussion: true },
        }),
      ),
    );
    await waitFor(() =>
      expect(within(column(/^Under Review/)).getByTestId('card-PT-001')).toBeVisible(),
    );
    expect(screen.getByText('PT-001 moved to Under Review.')).toHaveAttribute('role', 'status');
  });

  it('should ask for the decision when a card goes to Decision Made and record it', async () => {
    const { user } = await renderBoard([card({ reached_out: false, info_needed: true })]);
    const decided = card({ reached_out: false, decision_made: true, approved: true });
    vi.mocked(updateFacilityProgress).mockImplementation(() => ok(decided));
    vi.mocked(listFacilityProgress).mockImplementation(() => ok([decided]));
    const shown = within(column(/^Info Needed/)).getByTestId('card-PT-001');
    await user.click(within(shown).getByRole('button', { name: 'Move PT-001' }));
    await user.click(within(shown).getByRole('button', { name: 'Move to Decision Made' }));
    const decision = within(shown).getByRole('group', { name: 'Record the decision for PT-001' });
    expect(updateFacilityProgress).not.toHaveBeenCalled();
    await user.click(within(decision).getByRole('button', { name: 'Approved' }));
    await waitFor(() =>
      expect(updateFacilityProgress).toHaveBeenCalledWith(
        expect.objectContaining({
          path: { id: 'card-1' },
          body: { info_needed: false, decision_made: true, approved: true },
        }),
      ),
    );
    await waitFor(() =>
      expect(
        within(within(column(/^Decision Made/)).getByTestId('card-PT-001')).getByText('Approved'),
      ).toBeVisible(),
    );
  });

  it('should say so when a move cannot be saved', async () => {
    const { user } = await renderBoard([card()]);
    vi.mocked(updateFacilityProgress).mockRejectedValue({ statusCode: 403, message: 'no' });
    await user.click(screen.getByRole('button', { name: 'Move PT-001' }));
    await user.click(screen.getByRole('button', { name: 'Move to Info Needed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The move could not be saved. Please try again.',
    );
  });

  it("should reload on the 'Clicked' message and on a live board event", async () => {
    await renderBoard([card()]);
    expect(listFacilityProgress).toHaveBeenCalledTimes(1);
    const other = new BroadcastChannel(BOARD_CHANNEL);
    other.postMessage(CLICKED_MESSAGE);
    other.close();
    await waitFor(() => expect(listFacilityProgress).toHaveBeenCalledTimes(2));
    act(() => emitLiveEventForTests({ type: 'facilityProgress', data: { id: 'card-1' } }));
    await waitFor(() => expect(listFacilityProgress).toHaveBeenCalledTimes(3));
  });

  it('should send an HCP away from the board', async () => {
    const { router } = renderWithApp(null, { route: '/clinops/dashboard', user: TEST_HCP });
    await waitFor(() => expect(router?.state.location.pathname).toBe('/'));
    expect(listFacilityProgress).not.toHaveBeenCalled();
  });
});
