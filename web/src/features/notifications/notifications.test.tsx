import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getTrial,
  getTrialRequest,
  listNotifications,
  listTrialRequests,
  markNotificationsSeen,
} from '@/api/sdk.gen';
import type { NotificationResponseDto } from '@/api/types.gen';
import { emitLiveEventForTests } from '@/lib/live-events';
import { renderWithApp, TEST_CLINOPS, TEST_HCP } from '@/testing/render';

configure({ asyncUtilTimeout: 8000 });
// Several lazy chunks and user events per test on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/api/sdk.gen', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/sdk.gen')>()),
  listNotifications: vi.fn(),
  markNotificationsSeen: vi.fn(),
  listTrialRequests: vi.fn(),
  getTrial: vi.fn(),
  getTrialRequest: vi.fn(),
}));

const ok = (data: unknown) =>
  Promise.resolve({
    data,
    request: new Request('http://localhost/'),
    response: new Response(),
  }) as never;

function notification(
  id: string,
  progressId: string,
  day: number,
  seen: boolean,
  overrides: Partial<NotificationResponseDto> = {},
): NotificationResponseDto {
  return {
    _id: id,
    progressId,
    timestamp: `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`,
    identifier: `PT-${progressId}`,
    firstName: 'Sam',
    lastName: 'Okafor',
    trialName: 'Osimertinib in EGFR-mutated NSCLC',
    trialId: 'NCT04487080',
    notificationType: 'statusChanged',
    status: 'inReview',
    seen,
    users: [{ user: TEST_HCP._id, seen }],
    ...overrides,
  };
}

const identifiers = () =>
  within(screen.getByRole('region', { name: /^Notifications/ }))
    .getAllByTestId('notification')
    .map((n) => n.querySelector('.notification__identifier')?.textContent);

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(listTrialRequests).mockImplementation(() => ok([]));
  vi.mocked(markNotificationsSeen).mockImplementation(() => ok({ progressId: 'A', updated: 1 }));
  vi.mocked(getTrial).mockRejectedValue({ statusCode: 404 });
  vi.mocked(getTrialRequest).mockRejectedValue({ statusCode: 404 });
});

describe('notifications panel', () => {
  it('should show per request only the newest unseen one, newest first, then the seen ones', async () => {
    vi.mocked(listNotifications).mockImplementation(() =>
      ok([
        notification('a1', 'A', 1, false),
        notification('b1', 'B', 2, true),
        notification('a2', 'A', 5, false, { status: 'accepted' }),
        notification('c1', 'C', 3, false, { notificationType: 'reminder' }),
        notification('b2', 'B', 4, true, { status: 'rejected' }),
      ]),
    );
    renderWithApp(null, { route: '/', user: TEST_HCP });
    await screen.findAllByTestId('notification');
    expect(identifiers()).toEqual(['PT-A', 'PT-C', 'PT-B', 'PT-B']);
    const [first, , third] = screen.getAllByTestId('notification');
    expect(first).toHaveTextContent('The request for PT-A is now Accepted.');
    expect(first).toHaveTextContent('New');
    expect(first).toHaveTextContent('05/11/2026');
    expect(third).toHaveTextContent('The request for PT-B is now Rejected.');
    expect(third).not.toHaveTextContent('New');
    expect(screen.getByRole('region', { name: /^Notifications/ })).toHaveTextContent(
      '2 new notifications',
    );
  });

  it('should mark a request seen on click and open it', async () => {
    vi.mocked(listNotifications).mockImplementation(() => ok([notification('a1', 'A', 1, false)]));
    const { user, router } = renderWithApp(null, { route: '/', user: TEST_HCP });
    await user.click(await screen.findByTestId('notification'));
    await waitFor(() =>
      expect(markNotificationsSeen).toHaveBeenCalledWith(
        expect.objectContaining({ path: { userId: TEST_HCP._id }, body: { progressId: 'A' } }),
      ),
    );
    await waitFor(() => expect(router?.state.location.pathname).toBe('/details/NCT04487080'));
    expect(router?.state.location.search).toBe('?requestID=A');
    // The list is asked again once the server confirmed.
    expect(listNotifications).toHaveBeenCalledTimes(2);
  });

  it('should open the board view of the request for clinops', async () => {
    vi.mocked(listNotifications).mockImplementation(() =>
      ok([
        notification('n1', 'R', 1, true, { notificationType: 'newRequest', status: 'newRequest' }),
      ]),
    );
    const { user, router } = renderWithApp(null, { route: '/', user: TEST_CLINOPS });
    const item = await screen.findByTestId('notification');
    expect(item).toHaveTextContent('Sam Okafor sent a trial request for PT-R.');
    await user.click(item);
    await waitFor(() =>
      expect(router?.state.location.pathname).toBe('/details/clinops/NCT04487080'),
    );
    expect(router?.state.location.search).toBe('?id=R');
    expect(markNotificationsSeen).not.toHaveBeenCalled();
  });

  it('should add a notification that arrives live, without a reload', async () => {
    vi.mocked(listNotifications).mockImplementation(() => ok([]));
    renderWithApp(null, { route: '/mobilenotifications', user: TEST_HCP });
    expect(await screen.findByText('No notifications yet.')).toBeVisible();
    vi.mocked(listNotifications).mockImplementation(() =>
      ok([notification('z1', 'Z', 9, false, { status: 'enrolled' })]),
    );
    act(() => emitLiveEventForTests({ type: 'notification', data: { id: 'z1' }, id: '17' }));
    expect(await screen.findByText('The request for PT-Z is now Enrolled.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: /^Notifications/ })).toBeVisible();
  });

  it('should word the panel in German', async () => {
    vi.mocked(listNotifications).mockImplementation(() =>
      ok([
        notification('a1', 'A', 1, false, { notificationType: 'cancelled', status: 'cancelled' }),
      ]),
    );
    renderWithApp(null, { route: '/mobilenotifications', user: TEST_CLINOPS, language: 'de' });
    expect(await screen.findByText('Sam Okafor hat die Anfrage für PT-A storniert.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: /^Benachrichtigungen/ })).toBeVisible();
  });
});
