import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostNoContent } from '@/api/api-client';
import { afterPoolChange } from '@/api/reference/invalidate';

/** POST /admin/pool/assign: an empty `bagId` takes the pool away (the user sees the open archive). */
export function assignPool(input: { userGuid: string; bagId: string }): Promise<void> {
  return apiPostNoContent('/admin/pool/assign', { bagId: input.bagId, userGuid: input.userGuid });
}

export function useAssignPool() {
  const queryClient = useQueryClient();
  // The user's pool column and the pools' user counts.
  return useMutation({ mutationFn: assignPool, onSettled: () => afterPoolChange(queryClient) });
}
