import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { Label } from '@/types/design';
import { designAdminKeys } from './keys';

export function getLabels(signal?: AbortSignal): Promise<Label[]> {
  return apiGet<Label[]>('/admin/get/all-labels', signal);
}

export function labelsQueryOptions() {
  return queryOptions({ queryKey: designAdminKeys.labels, queryFn: ({ signal }) => getLabels(signal), staleTime: 5 * 60_000 });
}

export function useLabels() {
  return useQuery(labelsQueryOptions());
}
