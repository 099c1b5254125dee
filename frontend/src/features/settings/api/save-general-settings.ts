import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPutJson } from '@/api/api-client';
import { afterSettingsChange } from '@/api/reference/invalidate';
import { queryKeys } from '@/api/reference/keys';
import type { GeneralSettings } from '../types';

/** PUT /admin/settings/general (JSON, the whole document): answers the saved settings, trimmed. */
export function saveGeneralSettings(settings: GeneralSettings): Promise<GeneralSettings> {
  return apiPutJson<GeneralSettings>('/admin/settings/general', settings);
}

export function useSaveGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGeneralSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.configuration.admin, saved);
      // The whole app follows at once: the configuration, and the CAD rights and AI search switch the server derives from it.
      await afterSettingsChange(queryClient);
    },
  });
}
