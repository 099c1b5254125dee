import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { Pin } from '../types';
import { pinKeys } from './keys';

/** GET /admin/pins: the pinned designs in order. */
export function getPins(signal?: AbortSignal): Promise<Pin[]> {
  return apiGet<Pin[]>('/admin/pins', signal);
}

export function pinsQueryOptions() {
  return queryOptions({ queryKey: pinKeys.list, queryFn: ({ signal }) => getPins(signal) });
}

export function usePins() {
  return useQuery(pinsQueryOptions());
}
