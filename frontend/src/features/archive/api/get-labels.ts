import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost } from '@/api/api-client';
import type { LabelOption } from '../types';
import { archiveKeys } from './keys';

/** POST /get/labels: the labels in the user's language, with their group headers and counts. */
export function getLabels(language: string, signal?: AbortSignal): Promise<LabelOption[]> {
  return apiPost<LabelOption[]>('/get/labels', { language }, signal);
}

export function labelsQueryOptions(language: string) {
  return queryOptions({ queryKey: archiveKeys.labels(language), queryFn: ({ signal }) => getLabels(language, signal), staleTime: 10 * 60_000 });
}

export function useSearchLabels() {
  const { i18n } = useTranslation();
  return useQuery(labelsQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
