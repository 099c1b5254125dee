import { createBrowserHistory, createMemoryHistory, newKey, type History } from './history';
import { matchRoutes, resolveTo } from './path';
import type { LazyRouteParts, Location, NavigationType, RouteMatch, RouteObject, Router, RouterState } from './types';

/**
 * The app's router: the route table, the history, and the page the current entry shows. A
 * navigation first loads the chunks of the routes it leads to (the page on screen stays until
 * then), then changes the URL and shows the new page; a later navigation supersedes one still
 * loading. The first page shows the root's `HydrateFallback` while its chunks load.
 */
export function createRouter(routes: RouteObject[], history: History): Router {
  const listeners = new Set<() => void>();
  const scrollPositions = new Map<string, number>();
  // Each lazy route's module, asked for once (a failed one is asked for again next time).
  const loading = new WeakMap<RouteObject, Promise<LazyRouteParts>>();
  const loaded = new WeakMap<RouteObject, LazyRouteParts>();
  let latest = 0;
  let popped: Promise<void> | null = null;

  const withParts = (matches: RouteMatch[]): RouteMatch[] => matches.map((match) => ({ ...match, route: { ...match.route, ...loaded.get(match.route) } }));
  const unloaded = (matches: RouteMatch[]) => matches.some(({ route }) => route.lazy && !loaded.has(route));

  function load(route: RouteObject): Promise<LazyRouteParts> {
    if (!route.lazy) return Promise.resolve({});
    let promise = loading.get(route);
    if (!promise) {
      promise = route.lazy().then(
        (parts) => {
          loaded.set(route, parts);
          return parts;
        },
        (error: unknown) => {
          loading.delete(route);
          throw error;
        },
      );
      loading.set(route, promise);
    }
    return promise;
  }

  /** Loads the branch's lazy routes: the first that fails, by its index in the branch. */
  async function loadBranch(matches: RouteMatch[]): Promise<RouterState['failure']> {
    const outcomes = await Promise.allSettled(matches.map(({ route }) => load(route)));
    const index = outcomes.findIndex((outcome) => outcome.status === 'rejected');
    const failed = outcomes[index];
    return failed?.status === 'rejected' ? { index, error: failed.reason } : null;
  }

  const initialLocation = history.location();
  const initialMatches = matchRoutes(routes, initialLocation.pathname);
  let state: RouterState = {
    location: initialLocation,
    historyAction: 'POP',
    matches: initialMatches,
    initialized: !unloaded(initialMatches),
    failure: null,
    preventScrollReset: false,
  };

  function commit(next: RouterState) {
    // Where the page being left was scrolled to, for its return (ScrollRestoration).
    if (typeof window !== 'undefined' && state.initialized) scrollPositions.set(state.location.key, window.scrollY);
    state = next;
    listeners.forEach((listener) => listener());
  }

  async function transition(location: Location, historyAction: NavigationType, preventScrollReset: boolean, write?: () => void): Promise<void> {
    const id = ++latest;
    const matches = matchRoutes(routes, location.pathname);
    const failure = unloaded(matches) ? await loadBranch(matches) : null;
    if (id !== latest) return;
    write?.();
    commit({ location, historyAction, matches: withParts(matches), initialized: true, failure, preventScrollReset });
  }

  history.listen((location) => {
    popped = transition(location, 'POP', false);
  });
  if (!state.initialized) void transition(initialLocation, 'POP', false);

  return {
    get state() {
      return state;
    },
    scrollPositions,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        // A memory history moves at once and its listener starts the transition; the browser's later.
        popped = null;
        history.go(to);
        return popped ?? Promise.resolve();
      }
      const location: Location = { ...resolveTo(to, state.location), state: options.state ?? null, key: newKey() };
      const replace = options.replace === true;
      return transition(location, replace ? 'REPLACE' : 'PUSH', options.preventScrollReset === true, () => (replace ? history.replace(location) : history.push(location)));
    },
    createHref: history.createHref,
  };
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}

/** A router over a list of entries in memory (tests): the last of `initialEntries` is the current one. */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}): Router {
  return createRouter(routes, createMemoryHistory(options.initialEntries));
}
