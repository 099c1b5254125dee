import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { AdminLabel } from '../types';
import { labelKeys } from './keys';

/** GET /admin/labels: every label, each group header followed by its members, then the ungrouped ones. */
export function getLabels(signal?: AbortSignal): Promise<AdminLabel[]> {
  return apiGet<AdminLabel[]>('/admin/labels', signal);
}

export function labelsQueryOptions() {
  return queryOptions({ queryKey: labelKeys.manage, queryFn: ({ signal }) => getLabels(signal) });
}

export function useManagedLabels() {
  return useQuery(labelsQueryOptions());
}
