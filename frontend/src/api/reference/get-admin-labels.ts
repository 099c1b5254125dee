import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { Label } from '@/types/design';
import { queryKeys } from './keys';

/** GET /admin/get/all-labels: every label, for the design edit and the pool searches (admin). */
export function getAdminLabels(signal?: AbortSignal): Promise<Label[]> {
  return apiGet<Label[]>('/admin/get/all-labels', signal);
}

export function adminLabelsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.labels.admin, queryFn: ({ signal }) => getAdminLabels(signal), staleTime: 5 * 60_000 });
}

export function useAdminLabels() {
  return useQuery(adminLabelsQueryOptions());
}
