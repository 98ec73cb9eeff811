import { useQuery } from '@tanstack/react-query';
import { getFacilityGroupOptions } from '@/api/@tanstack/react-query.gen';

/** GET /api/facilities/groups/{id}: the partner's facilities, facility id → facility, city, state. */
export function useFacilityGroup(id: string) {
  return useQuery({
    ...getFacilityGroupOptions({ path: { id } }),
    enabled: id !== '',
    staleTime: 10 * 60_000,
  });
}
