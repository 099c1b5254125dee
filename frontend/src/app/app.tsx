import { createBrowserRouter, RouterProvider } from 'react-router';
import { configurationQueryOptions } from '@/api/reference/get-configuration';
import { validateTokenQueryOptions } from '@/features/auth/api/validate-token';
import { getToken } from '@/lib/session';
import { createApp } from './create-app';
import { AppProvider } from './provider';

const { router, queryClient } = createApp((routes) => createBrowserRouter(routes));

// What the first page waits for before it can ask for its own data (the route guard's validation
// of the session, the studio's settings the archive's search follows), asked for while the
// interface language and the route's chunks load rather than after the first render. The same
// queries the screens read: they find them under way.
void queryClient.prefetchQuery(configurationQueryOptions());
const token = getToken();
if (token !== null) void queryClient.prefetchQuery(validateTokenQueryOptions(token, router.state.location.key));

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
