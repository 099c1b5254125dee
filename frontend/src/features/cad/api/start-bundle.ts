import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { BundleTarget, CadBundle } from '../types';
import { cadKeys } from './keys';

export type BundleRequest = { cadId: number; target: BundleTarget };

/** POST /cad/download-all: queues a zip of a design's or a list's colorways (202; it is built in the background). */
export function startBundle({ cadId, target }: BundleRequest): Promise<CadBundle> {
  return apiPost<CadBundle>('/cad/download-all', { cadId, wearGuid: '', ...target });
}

/** Starts a download-all; its first answer seeds the progress the dialog then polls. */
export function useStartBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBundle,
    onSuccess: (bundle) => queryClient.setQueryData(cadKeys.bundle(bundle.id), bundle),
  });
}
