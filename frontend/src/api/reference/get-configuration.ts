import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { ClientConfiguration } from '@/types/configuration';
import { queryKeys } from './keys';

/**
 * What the app does until the configuration is read, or when it cannot be: the server's own
 * defaults (the parameter names then come from the translations).
 */
export const defaultConfiguration: ClientConfiguration = {
  languageSelection: true,
  aiSearch: true,
  cadSelection: false,
  cadDownloadAll: false,
  export: false,
  defaultArchiveId: -1,
  defaultOrder: 0,
  pageSize: 25,
  contentImageBase: '',
  uploadBase: '',
  parameterNames: [],
  banners: [],
};

/** GET /get/configuration: the general settings the web app follows (signed in or not). */
export function getConfiguration(signal?: AbortSignal): Promise<ClientConfiguration> {
  return apiGet<ClientConfiguration>('/get/configuration', signal);
}

/**
 * An admin may change it at any time: asked again after a minute and when the window gets the
 * focus back; the admin's own save invalidates it at once (afterSettingsChange).
 */
export function configurationQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.configuration.client,
    queryFn: ({ signal }) => getConfiguration(signal),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

/**
 * The configuration the server wrote into the page it served (a JSON data block, the gateway's
 * `app_page`): read at start so that the first search need not wait for GET /get/configuration.
 * Null without one (the development server's page) or when it does not read.
 */
export function configurationInPage(): ClientConfiguration | null {
  const text = typeof document === 'undefined' ? null : document.getElementById('desen-configuration')?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...defaultConfiguration, ...(value as Partial<ClientConfiguration>) } : null;
  } catch {
    return null;
  }
}

export function useConfiguration() {
  return useQuery(configurationQueryOptions());
}
