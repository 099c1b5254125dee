import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost } from '@/api/api-client';
import type { WearModel } from '../types';
import { wearModelKeys } from './keys';

/** POST /admin/wears/get-all?language=: every wear model in order, named in `language`, with its three names. */
export function getWearModels(language: string, signal?: AbortSignal): Promise<WearModel[]> {
  return apiPost<WearModel[]>(`/admin/wears/get-all?language=${encodeURIComponent(language)}`, undefined, signal);
}

export function wearModelsQueryOptions(language: string) {
  return queryOptions({ queryKey: wearModelKeys.adminIn(language), queryFn: ({ signal }) => getWearModels(language, signal) });
}

export function useWearModels() {
  const { i18n } = useTranslation();
  return useQuery(wearModelsQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
