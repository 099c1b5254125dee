import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import { queryKeys } from '@/api/reference/keys';
import type { GeneralSettings } from '../types';

/** GET /admin/settings/general: the whole general settings document. */
export function getGeneralSettings(signal?: AbortSignal): Promise<GeneralSettings> {
  return apiGet<GeneralSettings>('/admin/settings/general', signal);
}

/** Always asked again when the page opens: the form starts from what the server holds now. */
export function generalSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.configuration.admin, queryFn: ({ signal }) => getGeneralSettings(signal), staleTime: 0 });
}

export function useGeneralSettings() {
  return useQuery(generalSettingsQueryOptions());
}
