import { createBrowserRouter, matchPath, RouterProvider } from '@/lib/router';
import { configurationQueryOptions } from '@/api/reference/get-configuration';
import { validateTokenQueryOptions } from '@/features/auth/api/validate-token';
import { detectLocale } from '@/lib/locale';
import { getToken } from '@/lib/session';
import { createApp } from './create-app';
import { archivePaths, designPath } from './routes';
import { AppProvider } from './provider';

const { router, queryClient } = createApp((routes) => createBrowserRouter(routes));

// What the first page waits for before it can ask for its own data (the route guard's validation
// of the session, the studio's settings the archive's search follows), asked for while the
// interface language and the route's chunks load rather than after the first render. The same
// queries the screens read: they find them under way.
void queryClient.prefetchQuery(configurationQueryOptions());
const token = getToken();
if (token !== null) void queryClient.prefetchQuery(validateTokenQueryOptions(token, router.state.location.key));
// What the archive and the design page show first likewise, once the settings are read: their
// first render then often has it, and their first images are asked for with the answer naming
// them. The modules come with the routes' chunks (preloaded, see webpack.config.js), not with
// every page.
const { pathname, search } = router.state.location;
const design = matchPath(`/${designPath}`, pathname);
if (token !== null && archivePaths.some((path) => matchPath(path, pathname))) {
  void import(/* webpackChunkName: "archive" */ './routes/archive-prefetch').then(({ prefetchArchive }) => prefetchArchive(queryClient, search));
} else if (token !== null && design?.params.id) {
  const { id, colorwayid } = design.params;
  void import(/* webpackChunkName: "design" */ '@/features/design/api/prefetch-design').then(({ prefetchDesign }) => prefetchDesign(queryClient, id, colorwayid, detectLocale()));
}

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
