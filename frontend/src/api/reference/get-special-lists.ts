import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '@/api/api-client';
import type { SpecialListOption } from '@/types/collection';
import { queryKeys } from './keys';

/**
 * GET /get/special-lists: the special lists in order (the seeded rule lists and those admins made),
 * named in the user's language. `language` asks for the interface's language, as the other lookups
 * do; a server that does not read it names them in the account's language.
 */
export function getSpecialLists(language: string, signal?: AbortSignal): Promise<SpecialListOption[]> {
  return apiGet<SpecialListOption[]>(`/get/special-lists?language=${encodeURIComponent(language)}`, signal);
}

/** Admins add and rename lists rarely: asked again after 10 minutes, and after a change under the `special-lists` root. */
export function specialListsQueryOptions(language: string) {
  return queryOptions({ queryKey: queryKeys.specialLists.visible(language), queryFn: ({ signal }) => getSpecialLists(language, signal), staleTime: 10 * 60_000 });
}

/** The archive's special list filter and its chip (`enabled` false: not needed yet). */
export function useSpecialLists({ enabled = true }: { enabled?: boolean } = {}) {
  const { i18n } = useTranslation();
  return useQuery({ ...specialListsQueryOptions(i18n.resolvedLanguage ?? i18n.language), enabled });
}
