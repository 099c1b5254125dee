import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { LabelOption } from '../types';
import { poolKeys } from './keys';

/** The labels a pool search chooses from. */
export function getLabels(signal?: AbortSignal): Promise<LabelOption[]> {
  return apiGet<LabelOption[]>('/admin/get/all-labels', signal);
}

export function labelsQueryOptions() {
  return queryOptions({ queryKey: poolKeys.labels, queryFn: ({ signal }) => getLabels(signal), staleTime: 5 * 60_000 });
}

export function useLabels() {
  return useQuery(labelsQueryOptions());
}
