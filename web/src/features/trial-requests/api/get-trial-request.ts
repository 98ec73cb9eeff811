import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getTrialRequestOptions, getTrialRequestQueryKey } from '@/api/@tanstack/react-query.gen';
import type { TrialRequestDetailsDto } from '@/api/types.gen';
import { useLiveEvents } from '@/lib/live-events';
import { useStoredItem, STORAGE_KEYS } from '@/lib/storage';
import { REQUEST_EVENTS } from './get-trial-requests';

export type TrialRequestDetails = TrialRequestDetailsDto;

/** GET /api/hcp/progress/{userId}/{requestId}: one request with its history. */
export function useTrialRequest(requestId: string) {
  const userId = useStoredItem(STORAGE_KEYS.userId) ?? '';
  const queryClient = useQueryClient();
  const options = { path: { userId, requestId } };
  useLiveEvents((event) => {
    if (REQUEST_EVENTS.includes(event.type)) {
      void queryClient.invalidateQueries({ queryKey: getTrialRequestQueryKey(options) });
    }
  });
  return useQuery({
    ...getTrialRequestOptions(options),
    enabled: userId !== '' && requestId !== '',
    // A change by the other side shows without a reload: events refetch it, so no polling.
    staleTime: 0,
  });
}
