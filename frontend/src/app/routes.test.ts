import type { RouteObject } from '@/lib/router';
import type * as I18n from '@/lib/i18n';
import type * as Routes from './routes';

/** The route at `path` (its own segment), anywhere in the table. */
function find(table: RouteObject[], path: string): RouteObject | undefined {
  for (const route of table) {
    if (route.path === path) return route;
    const inner = route.children && find(route.children, path);
    if (inner) return inner;
  }
  return undefined;
}

describe('the route table', () => {
  it('makes a route wait for the shared words of the interface language, so its first render shows no key', async () => {
    // Fresh modules: i18next is a singleton the test setup initialises with every language.
    let i18n: typeof I18n | undefined;
    let routes: typeof Routes | undefined;
    jest.isolateModules(() => {
      i18n = jest.requireActual('@/lib/i18n');
      routes = jest.requireActual('./routes');
    });
    const instance = i18n!.initI18n('en', { en: {} });
    const favorites = find(routes!.routes, 'favorites');
    await favorites?.lazy?.();
    expect(instance.hasResourceBundle('en', 'favorites')).toBe(true);
    expect(instance.hasResourceBundle('en', 'errors')).toBe(true);
  });
});
