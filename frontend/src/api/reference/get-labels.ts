import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost } from '@/api/api-client';
import type { LabelOption } from '@/types/reference';
import { queryKeys } from './keys';

/** POST /get/labels: the labels in the user's language, with their group headers and counts. */
export function getLabels(language: string, signal?: AbortSignal): Promise<LabelOption[]> {
  return apiPost<LabelOption[]>('/get/labels', { language }, signal);
}

/** Design changes mark these stale (the counts follow the designs); otherwise asked again after 10 minutes. */
export function labelsQueryOptions(language: string) {
  return queryOptions({ queryKey: queryKeys.labels.visible(language), queryFn: ({ signal }) => getLabels(language, signal), staleTime: 10 * 60_000 });
}

export function useLabels() {
  const { i18n } = useTranslation();
  return useQuery(labelsQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
