import { useQuery } from '@tanstack/react-query';
import { listFilesOptions, listFilesQueryKey } from '@/api/@tanstack/react-query.gen';
import type { MedicalFileResponseDto } from '@/api/types.gen';

export type MedicalFile = MedicalFileResponseDto;

export const filesQueryKey = (requestId: string) => listFilesQueryKey({ path: { requestId } });

/** GET /api/files/{requestId}: the request's files, newest first. */
export function useRequestFiles(requestId: string) {
  return useQuery({ ...listFilesOptions({ path: { requestId } }), staleTime: 0 });
}
