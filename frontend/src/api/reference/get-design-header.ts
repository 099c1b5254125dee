import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import type { DesignHeader } from '@/types/design';
import { queryKeys } from './keys';

/**
 * POST /design/header: a design the user may see, with its colorways, labels in `language` and
 * orders. `id` is the design guid or number. A design the user may not see answers 404
 * `design_not_found`, exactly like a missing one. The colorway is not asked for: the page picks it
 * from the header, so switching colorways needs no new request.
 */
export function getDesignHeader(id: string, language: string, signal?: AbortSignal): Promise<DesignHeader> {
  return apiPost<DesignHeader>('/design/header', { designGuid: id, language }, signal);
}

export function designHeaderQueryOptions(id: string, language: string) {
  return queryOptions({
    queryKey: queryKeys.designs.header(id, language),
    queryFn: ({ signal }) => getDesignHeader(id, language, signal),
    // A language switch keeps the page on screen while the translated header loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}

export function useDesignHeader(id: string, language: string) {
  return useQuery(designHeaderQueryOptions(id, language));
}
