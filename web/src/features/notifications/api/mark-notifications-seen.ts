import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  listNotificationsQueryKey,
  markNotificationsSeenMutation,
} from '@/api/@tanstack/react-query.gen';
import { readItem, STORAGE_KEYS } from '@/lib/storage';

/** PUT /api/hcp/hcpprogressnotifications/{userId} { progressId }: the list reloads after. */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...markNotificationsSeenMutation(),
    onSuccess: (_data, variables) => {
      void queryClient.invalidateQueries({
        queryKey: listNotificationsQueryKey({ path: { userId: variables.path.userId } }),
      });
    },
  });
  return {
    isPending: mutation.isPending,
    mutate: (progressId: string, callbacks: { onSettled?: () => void } = {}) =>
      mutation.mutate(
        { path: { userId: readItem(STORAGE_KEYS.userId) ?? '' }, body: { progressId } },
        callbacks,
      ),
  };
}
