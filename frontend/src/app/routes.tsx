import type { RouteObject } from '@/lib/router';
import { PageSpinner } from '@/components/page-spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { loadTranslations, type TranslationPart } from '@/lib/i18n';
import { ArchiveLayout } from './layouts/archive-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootErrorBoundary, RootRoute } from './routes/root';

/** The lazy routes that load a part of the interface language of their own (with the shared one, lib/i18n.ts). */
const withOwnTranslations = new WeakSet<() => Promise<unknown>>();

/** A lazy route that needs a part of the interface language besides the route's own chunk: both at once. */
function withTranslations<T>(part: TranslationPart, route: () => Promise<T>): () => Promise<T> {
  const lazy = async () => (await Promise.all([route(), loadTranslations(part)]))[0];
  withOwnTranslations.add(lazy);
  return lazy;
}

/** Where the archive search opens (the index route and `archive` below). */
export const archivePaths = ['/', '/archive'] as const;

/** The design page's path (below). */
export const designPath = 'design/:id/:colorwayid?';

const archiveSearch = async () => ({ Component: (await import(/* webpackChunkName: "archive" */ './routes/archive')).ArchiveRoute });

/**
 * Every lazy route but the archive's awaits the shared part of the interface language (lib/i18n.ts):
 * the archive's first paint alone shows only the first part's words.
 */
function awaitingSharedWords(table: RouteObject[]): RouteObject[] {
  return table.map((route) => ({
    ...route,
    ...(route.lazy && route.lazy !== archiveSearch && !withOwnTranslations.has(route.lazy) ? { lazy: withTranslations('shared', route.lazy) } : {}),
    ...(route.children ? { children: awaitingSharedWords(route.children) } : {}),
  }));
}

/** The route table of spec section 2. */
export const routes: RouteObject[] = awaitingSharedWords([
  {
    Component: RootRoute,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageSpinner,
    children: [
      { path: 'login', lazy: withTranslations('auth', async () => ({ Component: (await import('./routes/auth/login')).LoginRoute })) },
      { path: 'authenticate', lazy: withTranslations('auth', async () => ({ Component: (await import('./routes/auth/authenticate')).AuthenticateRoute })) },
      { path: 'create-password', lazy: withTranslations('auth', async () => ({ Component: (await import('./routes/auth/create-password')).CreatePasswordRoute })) },
      { path: 'reset-password', lazy: withTranslations('auth', async () => ({ Component: (await import('./routes/auth/reset-password')).ResetPasswordRoute })) },
      { path: 'auto-login', lazy: withTranslations('auth', async () => ({ Component: (await import('./routes/auth/auto-login')).AutoLoginRoute })) },
      {
        // Public: not restricted.
        Component: PublicLayout,
        children: [
          // The spec's test page: what a customer opens when the archive does not work for them.
          { path: 'dummy', lazy: async () => ({ Component: (await import('@/features/system-check/components/system-check-page')).SystemCheckPage }) },
          // A stock page: a collection published for one customer company, read without signing in.
          { path: 'custom/:slug', lazy: async () => ({ Component: (await import('@/features/collections/components/stock-page')).StockPage }) },
        ],
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
              { path: 'collections-design/:id', lazy: async () => ({ Component: (await import('./routes/collection-design')).CollectionDesignRoute }) },
              {
                path: 'collections-mood-detail/:id/:moodid',
                lazy: async () => ({ Component: (await import('@/features/collections/components/mood-detail-page')).MoodDetailPage }),
              },
              { path: 'board-moods/:id', lazy: async () => ({ Component: (await import('@/features/collections/components/board-moods-page')).BoardMoodsPage }) },
              { path: 'boards/:id?', lazy: async () => ({ Component: (await import('@/features/collections/components/boards-page')).BoardsPage }) },
              {
                path: designPath,
                lazy: withTranslations('design', async () => ({ Component: (await import(/* webpackChunkName: "design" */ './routes/design')).DesignRoute })),
              },
            ],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireAuth requireAdmin />,
        children: [
          {
            // The admin panel's words come with its layout (a chunk per language, src/lib/i18n.ts).
            lazy: withTranslations('admin', async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout })),
            children: [
              { index: true, lazy: async () => ({ Component: (await import('@/features/admin/components/users-page')).UsersPage }) },
              { path: 'pools', lazy: async () => ({ Component: (await import('@/features/pools/components/pools-page')).PoolsPage }) },
              { path: 'customers', lazy: async () => ({ Component: (await import('@/features/customers/components/customers-page')).CustomersPage }) },
              { path: 'shared-lists', lazy: async () => ({ Component: (await import('@/features/favorites/components/shared-lists-page')).SharedListsPage }) },
              { path: 'shared-lists/:id', lazy: async () => ({ Component: (await import('@/features/favorites/components/shared-list-page')).SharedListPage }) },
              {
                path: 'collections/:id?',
                lazy: async () => ({ Component: (await import('@/features/collections-admin/components/collections-admin-page')).CollectionsAdminPage }),
              },
              { path: 'special-lists', lazy: async () => ({ Component: (await import('@/features/special-lists/components/special-lists-page')).SpecialListsPage }) },
              { path: 'wear-models', lazy: async () => ({ Component: (await import('@/features/wear-models/components/wear-models-page')).WearModelsPage }) },
              { path: 'statistics', lazy: async () => ({ Component: (await import('@/features/statistics/components/statistics-page')).StatisticsPage }) },
              // Not marked as auth in the spec, but it requires the admin check: it sits under the guard.
              { path: 'labels', lazy: async () => ({ Component: (await import('@/features/labels/components/labels-page')).LabelsPage }) },
              { path: 'pin', lazy: async () => ({ Component: (await import('@/features/pins/components/pins-page')).PinsPage }) },
              { path: 'design', lazy: async () => ({ Component: (await import('@/features/design-admin/components/design-admin-page')).DesignAdminPage }) },
              // The studio's settings and the admin's own recovery codes (words of the sign-in screens).
              { path: 'settings', lazy: withTranslations('auth', async () => ({ Component: (await import('./routes/admin-settings')).AdminSettingsRoute })) },
            ],
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
]);
