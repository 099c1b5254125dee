import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { syncClientSettings } from '@/lib/client-settings';
import { updateAccount, useSession } from '@/lib/session';
import { useValidateToken } from '../api/validate-token';
import { decideAccess } from '../lib/access';

type Props = { requireAdmin?: boolean };

/**
 * The route guard of spec section 2: validates the stored token with the server on every
 * navigation, sends visitors without a valid session to login (/login?expired=true forgets the
 * stale session), non-admins away from admin routes
 * and admins without a validated second factor to /authenticate.
 */
export function RequireAuth({ requireAdmin = false }: Props) {
  const location = useLocation();
  const { token } = useSession();
  const validation = useValidateToken(token, location.key);
  const path = `${location.pathname}${location.search}`;
  const access = decideAccess({ path, hasToken: token !== null, validation: validation.data, requireAdmin });
  const data = validation.data;

  useEffect(() => {
    // Keep the stored account in step with the server's view of the session.
    if (data?.isValid && data.user) {
      updateAccount({
        user: data.user,
        isAdmin: Boolean(data.isAdmin),
        isInHouse: Boolean(data.isInHouse),
        is2FaValidated: Boolean(data.is2FaValidated),
        ...(data.secondFactor ? { secondFactor: data.secondFactor } : {}),
      });
      if (token) void syncClientSettings(token);
    }
  }, [data, token]);

  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  if (validation.isError && !data) return <ErrorAlert error={validation.error} onRetry={() => void validation.refetch()} />;
  if (access.kind === 'pending') return <PageSpinner />;
  return <Outlet />;
}
