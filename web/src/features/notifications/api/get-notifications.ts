import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listNotificationsOptions,
  listNotificationsQueryKey,
} from '@/api/@tanstack/react-query.gen';
import type { NotificationResponseDto } from '@/api/types.gen';
import { useLiveEvents } from '@/lib/live-events';
import { useStoredItem, STORAGE_KEYS } from '@/lib/storage';

export type NotificationItem = NotificationResponseDto;

/** A new notification, one seen in another tab, and a reconnection after a gap. */
const NOTIFICATION_EVENTS = ['notification', 'notificationsSeen', 'reconnected'];

/** GET /api/hcp/hcpprogressnotifications/{userId}; reloads on live events (spec 01 §4). */
export function useNotifications() {
  const userId = useStoredItem(STORAGE_KEYS.userId) ?? '';
  const queryClient = useQueryClient();
  const options = { path: { userId } };
  useLiveEvents((event) => {
    if (NOTIFICATION_EVENTS.includes(event.type)) {
      void queryClient.invalidateQueries({ queryKey: listNotificationsQueryKey(options) });
    }
  });
  return useQuery({ ...listNotificationsOptions(options), enabled: userId !== '', staleTime: 0 });
}
