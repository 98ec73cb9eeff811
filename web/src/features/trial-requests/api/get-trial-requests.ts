import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listTrialRequestsOptions,
  listTrialRequestsQueryKey,
} from '@/api/@tanstack/react-query.gen';
import type { TrialRequestResponseDto } from '@/api/types.gen';
import { useLiveEvents } from '@/lib/live-events';
import { useStoredItem, STORAGE_KEYS } from '@/lib/storage';

export type TrialRequestItem = TrialRequestResponseDto;

/** Events after which a request list or a request may read differently. */
export const REQUEST_EVENTS = ['request', 'notification', 'reconnected'];

/** GET /api/hcp/progress/{userId}: the caller's requests (clinops: their facilities'). */
export function useTrialRequests() {
  const userId = useStoredItem(STORAGE_KEYS.userId) ?? '';
  const queryClient = useQueryClient();
  const options = { path: { userId } };
  useLiveEvents((event) => {
    if (REQUEST_EVENTS.includes(event.type)) {
      void queryClient.invalidateQueries({ queryKey: listTrialRequestsQueryKey(options) });
    }
  });
  return useQuery({ ...listTrialRequestsOptions(options), enabled: userId !== '' });
}
