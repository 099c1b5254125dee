import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { DesignFields } from '@/types/reference';
import { queryKeys } from './keys';

/** GET /get/design-fields: the design fields the signed-in viewer may see and search. */
export function getDesignFields(signal?: AbortSignal): Promise<DesignFields> {
  return apiGet<DesignFields>('/get/design-fields', signal);
}

/** Changed only in the admin settings (afterDesignFieldsChange); otherwise asked again after 10 minutes. */
export function designFieldsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.designFields.viewer, queryFn: ({ signal }) => getDesignFields(signal), staleTime: 10 * 60_000 });
}

export function useDesignFields() {
  return useQuery(designFieldsQueryOptions());
}
