import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/api-client';
import type { TaggingAnswer } from '../types';
import { labelKeys } from './keys';

/**
 * GET /admin/tags/unlabeled[?name=&skip=]: the design reserved for this admin to label (the same
 * one until it is labelled or skipped), the progress and the suggested labels. `name` narrows the
 * designs to those whose number or original file name holds it; `skip` passes over that design.
 */
export function getUnlabeledDesign({ name, skip }: { name: string; skip?: string }, signal?: AbortSignal): Promise<TaggingAnswer> {
  const params = new URLSearchParams();
  if (name) params.set('name', name);
  if (skip) params.set('skip', skip);
  const query = params.toString();
  return apiGet<TaggingAnswer>(`/admin/tags/unlabeled${query ? `?${query}` : ''}`, signal);
}

/**
 * Never stale by itself: the answer changes by this screen's own saves and skips, which store the
 * next answer here (asking again would only answer the same reserved design).
 */
export function unlabeledDesignQueryOptions(name: string) {
  return queryOptions({ queryKey: labelKeys.unlabeled(name), queryFn: ({ signal }) => getUnlabeledDesign({ name }, signal), staleTime: Infinity });
}

export function useUnlabeledDesign(name: string) {
  return useQuery(unlabeledDesignQueryOptions(name));
}
