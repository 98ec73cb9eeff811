import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  listFacilityProgressQueryKey,
  updateFacilityProgressMutation,
} from '@/api/@tanstack/react-query.gen';
import type { FacilityProgressCardDto, UpdateFacilityProgressDto } from '@/api/types.gen';
import { BoardColumn, COLUMN_FLAG } from '../board';

export interface BoardMove {
  card: FacilityProgressCardDto;
  from: BoardColumn;
  to: BoardColumn;
  /** Required when `to` is decisionMade. */
  approved?: boolean;
}

/**
 * The stage flags of a move: the card leaves its column and enters the target one; entering
 * Decision Made records the decision, leaving it clears the decision (the API does so).
 */
export function moveBody({ from, to, approved }: BoardMove): UpdateFacilityProgressDto {
  const body: UpdateFacilityProgressDto = { [COLUMN_FLAG[from]]: false, [COLUMN_FLAG[to]]: true };
  if (to === 'decisionMade') {
    body.approved = approved ?? null;
  }
  return body;
}

/** PUT /api/clinops/facility-progress/{id}: saved for every clinops user of the facility. */
export function useMoveBoardCard() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...updateFacilityProgressMutation(),
    onSuccess: (card) => {
      queryClient.setQueryData(
        listFacilityProgressQueryKey(),
        (cards?: FacilityProgressCardDto[]) => cards?.map((c) => (c._id === card._id ? card : c)),
      );
      void queryClient.invalidateQueries({ queryKey: listFacilityProgressQueryKey() });
    },
  });
  return {
    isPending: mutation.isPending,
    mutate: (move: BoardMove, callbacks: { onSuccess?: () => void; onError?: () => void }) =>
      mutation.mutate({ path: { id: move.card._id }, body: moveBody(move) }, callbacks),
  };
}
