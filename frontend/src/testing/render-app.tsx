import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { createApp } from '@/app/create-app';
import { AppProvider } from '@/app/provider';

/** The whole app at `path`, on a memory router, with retries off. */
export function renderApp(path: string) {
  const app = createApp((routes) => createMemoryRouter(routes, { initialEntries: [path] }), { retry: false });
  const view = render(
    <AppProvider queryClient={app.queryClient}>
      <RouterProvider router={app.router} />
    </AppProvider>,
  );
  return { ...view, ...app };
}

/** The current location of a rendered app (pathname + search). */
export function currentPath(router: ReturnType<typeof renderApp>['router']): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
