import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost } from '@/api/api-client';
import type { ArchiveOption } from '@/types/reference';
import { queryKeys } from './keys';

/** POST /get/archives: the archives the user may search, named in the user's language. */
export function getArchives(language: string, signal?: AbortSignal): Promise<ArchiveOption[]> {
  return apiPost<ArchiveOption[]>('/get/archives', { language }, signal);
}

/** Archives change rarely (no screen edits them yet): asked again after 10 minutes. */
export function archivesQueryOptions(language: string) {
  return queryOptions({ queryKey: queryKeys.archives.visible(language), queryFn: ({ signal }) => getArchives(language, signal), staleTime: 10 * 60_000 });
}

export function useArchives() {
  const { i18n } = useTranslation();
  return useQuery(archivesQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
