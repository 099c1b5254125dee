import type { RouteObject } from 'react-router';
import type { PageHandle, PageTitleKey } from '@/components/coming-soon-page';
import { PageSpinner } from '@/components/page-spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { ArchiveLayout } from './layouts/archive-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootErrorBoundary, RootRoute } from './routes/root';

/** Every route not built yet: one lazily loaded generic page with the route's translated title. */
function comingSoon(path: string, titleKey: PageTitleKey): RouteObject {
  const handle: PageHandle = { titleKey };
  return {
    path,
    handle,
    lazy: async () => ({ Component: (await import('@/components/coming-soon-page')).ComingSoonPage }),
  };
}

const archiveSearch = async () => ({ Component: (await import(/* webpackChunkName: "archive" */ './routes/archive')).ArchiveRoute });

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageSpinner,
    children: [
      { path: 'login', lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }) },
      { path: 'authenticate', lazy: async () => ({ Component: (await import('./routes/auth/authenticate')).AuthenticateRoute }) },
      { path: 'create-password', lazy: async () => ({ Component: (await import('./routes/auth/create-password')).CreatePasswordRoute }) },
      { path: 'reset-password', lazy: async () => ({ Component: (await import('./routes/auth/reset-password')).ResetPasswordRoute }) },
      { path: 'auto-login', lazy: async () => ({ Component: (await import('./routes/auth/auto-login')).AutoLoginRoute }) },
      {
        // Public: not restricted.
        Component: PublicLayout,
        children: [comingSoon('dummy', 'pages:titles.dummy'), comingSoon('custom/*', 'pages:titles.custom')],
      },
      {
        Component: RequireAuth,
        children: [
          {
            Component: ArchiveLayout,
            children: [
              { index: true, lazy: archiveSearch },
              { path: 'archive', lazy: archiveSearch },
              { path: 'favorites', lazy: async () => ({ Component: (await import('@/features/favorites/components/favorites-page')).FavoritesPage }) },
              { path: 'favorites/:id', lazy: async () => ({ Component: (await import('./routes/favorite-list')).FavoriteListRoute }) },
              comingSoon('collections-design/:id', 'pages:titles.collectionDesign'),
              comingSoon('collections-mood-detail/:id/:moodid', 'pages:titles.moodDetail'),
              comingSoon('board-moods/:id', 'pages:titles.boardMoods'),
              comingSoon('boards/:id?', 'pages:titles.boards'),
              { path: 'design/:id/:colorwayid?', lazy: async () => ({ Component: (await import('./routes/design')).DesignRoute }) },
            ],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireAuth requireAdmin />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import('@/features/admin/components/users-page')).UsersPage }) },
              { path: 'pools', lazy: async () => ({ Component: (await import('@/features/pools/components/pools-page')).PoolsPage }) },
              { path: 'customers', lazy: async () => ({ Component: (await import('@/features/customers/components/customers-page')).CustomersPage }) },
              { path: 'shared-lists', lazy: async () => ({ Component: (await import('@/features/favorites/components/shared-lists-page')).SharedListsPage }) },
              { path: 'shared-lists/:id', lazy: async () => ({ Component: (await import('@/features/favorites/components/shared-list-page')).SharedListPage }) },
              comingSoon('collections/:id?', 'admin:menu.collections'),
              comingSoon('wear-models', 'admin:menu.wearModels'),
              comingSoon('statistics', 'admin:menu.statistics'),
              // Not marked as auth in the spec, but it requires the admin check: it sits under the guard.
              comingSoon('labels', 'admin:menu.labels'),
              comingSoon('pin', 'admin:menu.pin'),
              { path: 'design', lazy: async () => ({ Component: (await import('@/features/design-admin/components/design-admin-page')).DesignAdminPage }) },
              { path: 'settings', lazy: async () => ({ Component: (await import('@/features/settings/components/settings-page')).SettingsPage }) },
            ],
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];
