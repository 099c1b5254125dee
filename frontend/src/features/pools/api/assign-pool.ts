import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostNoContent } from '@/api/api-client';
import { afterPoolChange } from '@/api/reference/invalidate';

/** POST /admin/pool/assign: gives the user this pool. */
export function assignPool({ bagId, userGuid }: { bagId: string; userGuid: string }): Promise<void> {
  return apiPostNoContent('/admin/pool/assign', { bagId, userGuid });
}

export function useAssignPool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignPool, onSettled: () => afterPoolChange(queryClient) });
}
