import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getTrialRequestQueryKey,
  listTrialRequestsQueryKey,
  updateTrialRequestMutation,
} from '@/api/@tanstack/react-query.gen';
import type { TrialRequestStatus } from '@/api/types.gen';
import { postClicked } from '@/lib/board-channel';
import { readItem, STORAGE_KEYS } from '@/lib/storage';

export interface StatusChange {
  requestId: string;
  status: TrialRequestStatus;
  /** The note to the referring physician, or the explanation of a cancel. */
  note: string;
}

/**
 * PUT /api/hcp/progress/{userId} with the update progress payload (spec 01 §3): progress,
 * progressStatus, message. The request and the lists reload, and open boards are told.
 */
function useChangeTrialRequest() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...updateTrialRequestMutation(),
    onSuccess: (_data, variables) => {
      const { userId } = variables.path;
      void queryClient.invalidateQueries({
        queryKey: getTrialRequestQueryKey({
          path: { userId, requestId: variables.body.progress },
        }),
      });
      void queryClient.invalidateQueries({
        queryKey: listTrialRequestsQueryKey({ path: { userId } }),
      });
      postClicked();
    },
  });
  return {
    isPending: mutation.isPending,
    mutateAsync: ({ requestId, status, note }: StatusChange) =>
      mutation.mutateAsync({
        path: { userId: readItem(STORAGE_KEYS.userId) ?? '' },
        body: { progress: requestId, progressStatus: status, message: note },
      }),
  };
}

/** Clinops: waitlist, inReview, accepted, enrolled or rejected, with a note. */
export function useUpdateTrialRequestStatus() {
  const change = useChangeTrialRequest();
  return {
    isPending: change.isPending,
    mutateAsync: (v: { requestId: string; status: string; note: string }) =>
      change.mutateAsync({ ...v, status: v.status as TrialRequestStatus }),
  };
}

/** The requesting HCP: cancelled, with an explanation. Cancelled is final. */
export function useCancelTrialRequest() {
  const change = useChangeTrialRequest();
  return {
    isPending: change.isPending,
    mutateAsync: (v: { requestId: string; note: string }) =>
      change.mutateAsync({ ...v, status: 'cancelled' }),
  };
}
