import { AppEventType } from './dto/app-event.dto';
import { isVisibleTo, type StoredEvent } from './events.service';

const event = (userIds: string[], facilityId: number | null): StoredEvent => ({
  id: '1',
  type: AppEventType.Request,
  userIds,
  facilityId,
  data: {},
});

describe(isVisibleTo.name, () => {
  it('should show an event to the users it names and to clinops of its facility', () => {
    expect(isVisibleTo(event(['u1'], 7), { userId: 'u1', facilityIds: [] })).toBe(true);
    expect(isVisibleTo(event(['u1'], 7), { userId: 'c1', facilityIds: [3, 7] })).toBe(true);
  });

  it('should hide it from everyone else', () => {
    expect(isVisibleTo(event(['u1'], 7), { userId: 'u2', facilityIds: [] })).toBe(false);
    expect(isVisibleTo(event(['u1'], 7), { userId: 'c2', facilityIds: [8] })).toBe(false);
    expect(isVisibleTo(event(['u1'], null), { userId: 'c2', facilityIds: [8] })).toBe(false);
  });
});
