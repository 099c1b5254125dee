import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiGet } from '@/api/api-client';
import type { CadBundle } from '../types';
import { cadKeys } from './keys';

/** How often a zip is asked about while it is queued or being built. */
export const BUNDLE_POLL_MS = 1000;

/** GET /cad/downloads/{id}: the zip's progress. */
export function getBundle(id: string, signal?: AbortSignal): Promise<CadBundle> {
  return apiGet<CadBundle>(`/cad/downloads/${encodeURIComponent(id)}`, signal);
}

/** The finished zip: a plain link works, the route takes the session's image cookie. */
export function bundleFileUrl(id: string): string {
  return `${API_BASE}/cad/downloads/${encodeURIComponent(id)}/file`;
}

export function isBundleBusy(bundle: CadBundle): boolean {
  return bundle.state === 'queued' || bundle.state === 'building';
}

/** A zip's progress, asked for every second until it is ready or failed (or the server refuses: expired, not found). */
export function useBundle(id: string) {
  return useQuery({
    queryKey: cadKeys.bundle(id),
    queryFn: ({ signal }) => getBundle(id, signal),
    staleTime: 0,
    refetchInterval: ({ state }) => (state.status === 'error' || (state.data && !isBundleBusy(state.data)) ? false : BUNDLE_POLL_MS),
  });
}
