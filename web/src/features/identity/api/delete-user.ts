import { useMutation } from '@tanstack/react-query';
import { deleteUserMutation } from '@/api/@tanstack/react-query.gen';

/** DELETE /api/hcp/user/{userId}: the product user (and the built-in identity). */
export function useDeleteUser() {
  return useMutation(deleteUserMutation());
}
