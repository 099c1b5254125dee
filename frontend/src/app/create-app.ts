import type { QueryClient } from '@tanstack/react-query';
import type { Router, RouteObject } from '@/lib/router';
import { createQueryClient } from '@/api/query-client';
import { configurationInPage, configurationQueryOptions } from '@/api/reference/get-configuration';
import { routes } from './routes';

export type AppInstance = { router: Router; queryClient: QueryClient };

/**
 * The router and the one configured QueryClient, wired so that a `login_required` answer ends
 * the session and opens /login?expired=true. Tests pass a memory router factory and no retries.
 */
export function createApp(makeRouter: (routes: RouteObject[]) => Router, options: { retry?: boolean } = {}): AppInstance {
  const router = makeRouter(routes);
  const queryClient = createQueryClient({
    retry: options.retry,
    // The login screen forgets the stale session when it opens with ?expired=true.
    onLoginRequired: () => void router.navigate('/login?expired=true', { replace: true }),
  });
  // The settings the page came with are the query's first answer (fresh for its stale time).
  const inPage = configurationInPage();
  if (inPage) queryClient.setQueryData(configurationQueryOptions().queryKey, inPage);
  return { router, queryClient };
}
