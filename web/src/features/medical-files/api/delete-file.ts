import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteFileMutation } from '@/api/@tanstack/react-query.gen';
import { filesQueryKey } from './list-files';

/** DELETE /api/files/{requestId}/{fileId}; the list reloads. */
export function useDeleteFile(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteFileMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesQueryKey(requestId) }),
  });
}

export const deleteFileVariables = (requestId: string, fileId: string) => ({
  path: { requestId, fileId },
});
