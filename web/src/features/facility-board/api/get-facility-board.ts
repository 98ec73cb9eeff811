import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listFacilityProgressOptions,
  listFacilityProgressQueryKey,
} from '@/api/@tanstack/react-query.gen';
import type { FacilityProgressCardDto } from '@/api/types.gen';
import { useLiveEvents } from '@/lib/live-events';

export type BoardCard = FacilityProgressCardDto;

/** Board changes by colleagues, new or cancelled requests, and a reconnection after a gap. */
const BOARD_EVENTS = ['facilityProgress', 'request', 'reconnected'];

/** GET /api/clinops/facility-progress: the cards of the caller's facilities. */
export function useFacilityBoard() {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (BOARD_EVENTS.includes(event.type)) {
      void queryClient.invalidateQueries({ queryKey: listFacilityProgressQueryKey() });
    }
  });
  return useQuery({ ...listFacilityProgressOptions(), staleTime: 0 });
}
