import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createTrialRequestMutation,
  listTrialRequestsQueryKey,
} from '@/api/@tanstack/react-query.gen';
import type { CreateTrialRequestDto } from '@/api/types.gen';
import { readItem, STORAGE_KEYS } from '@/lib/storage';

/** The body without the caller's id, which the hook adds. */
export type NewTrialRequest = Omit<CreateTrialRequestDto, 'userId'>;

/** The API refuses the 51st request with 409 and errors.progress 'maxRequestsReached'. */
export function isMaximumReached(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  const { statusCode, errors } = error as {
    statusCode?: number;
    errors?: Record<string, string>;
  };
  return statusCode === 409 && errors?.progress === 'maxRequestsReached';
}

/** POST /api/hcp/progress: a new request starts as New Request; the lists reload. */
export function useCreateTrialRequest() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...createTrialRequestMutation(),
    onSuccess: () => {
      const userId = readItem(STORAGE_KEYS.userId) ?? '';
      void queryClient.invalidateQueries({
        queryKey: listTrialRequestsQueryKey({ path: { userId } }),
      });
    },
  });
  return {
    ...mutation,
    mutateAsync: (request: NewTrialRequest) =>
      mutation.mutateAsync({
        body: { ...request, userId: readItem(STORAGE_KEYS.userId) ?? '' },
      }),
  };
}
