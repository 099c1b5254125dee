import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/api/api-client';

export type Enrollment = { secret: string; otpauthUrl: string };

export function enrollSecondFactor(): Promise<Enrollment> {
  return apiPost<Enrollment>('/account/second-factor/enroll');
}

/**
 * The pending authenticator secret of this session. A query (not a mutation) so that a second
 * mount (React strict mode) shares the one call instead of making a new secret.
 */
export function enrollmentQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['second-factor', 'enroll', token],
    queryFn: enrollSecondFactor,
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useEnrollment(token: string | null, enabled: boolean) {
  return useQuery({ ...enrollmentQueryOptions(token), enabled: enabled && token !== null });
}
