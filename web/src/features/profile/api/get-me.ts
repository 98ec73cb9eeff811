import { useQuery } from '@tanstack/react-query';
import { getMeOptions } from '@/api/@tanstack/react-query.gen';

/** GET /api/hcp/user/me: the signed-in user as the server has it. */
export function useMe() {
  return useQuery(getMeOptions());
}
