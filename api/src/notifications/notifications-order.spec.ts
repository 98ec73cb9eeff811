import { TrialRequestStatus } from '../progress/trial-request-status';
import { NotificationRow, panelOrder } from './dto/notification-response.dto';
import { NotificationType } from './notification.entity';

let n = 0;
const row = (requestId: string, seen: boolean): NotificationRow => {
  n += 1;
  return {
    id: `n${n}`,
    requestId,
    type: NotificationType.StatusChanged,
    status: TrialRequestStatus.InReview,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - n)),
    identifier: requestId,
    trialName: 't',
    nctId: 'NCT01234567',
    firstName: null,
    lastName: null,
    seenAt: seen ? new Date() : null,
  };
};

describe(panelOrder.name, () => {
  it('should keep per request only the newest unseen one, then every seen one, newest first', () => {
    const rows = [
      row('a', false),
      row('b', false),
      row('a', false),
      row('b', true),
      row('c', true),
      row('a', true),
    ];
    expect(panelOrder(rows).map((r) => r.id)).toEqual([
      rows[0].id,
      rows[1].id,
      rows[3].id,
      rows[4].id,
      rows[5].id,
    ]);
  });

  it('should answer an empty list for no notifications', () => {
    expect(panelOrder([])).toEqual([]);
  });
});
