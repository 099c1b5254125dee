import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';
import { isApiError } from '@/api/api-error';
import type { TokenValidation } from '../types';

export async function validateToken(signal?: AbortSignal): Promise<TokenValidation> {
  try {
    return await apiPost<TokenValidation>('/account/validate-token', undefined, signal);
  } catch (error) {
    // A 401 `login_required` is the same verdict as `{ isValid: false }`.
    if (isApiError(error) && error.code === 'login_required') return { isValid: false };
    throw error;
  }
}

export const validateTokenKey = ['validate-token'] as const;

/** One validation per token and navigation (`navigation` is the router's location key). */
export function validateTokenQueryOptions(token: string | null, navigation: string) {
  return queryOptions({
    queryKey: [...validateTokenKey, token, navigation],
    queryFn: ({ signal }) => validateToken(signal),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    meta: { handlesLoginRequired: true },
    // Keep showing the previous verdict for the same token while the new one loads (no flash).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === token ? previous : undefined),
  });
}

export function useValidateToken(token: string | null, navigation: string) {
  return useQuery(validateTokenQueryOptions(token, navigation));
}
