import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '@/api/api-client';
import { afterPoolChange } from '@/api/reference/invalidate';
import type { Pool } from '@/types/pool';
import type { PoolSave } from '../types';

/** POST /admin/pool/insert (JSON): creates, or with `uniqueid` replaces, a pool; its members are recomputed. */
export function savePool(pool: PoolSave): Promise<Pool> {
  return apiPostJson<Pool>('/admin/pool/insert', pool);
}

export function useSavePool() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePool, onSettled: () => afterPoolChange(queryClient) });
}
