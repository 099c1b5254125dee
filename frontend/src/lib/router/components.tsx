import { Component, useContext, useEffect, useLayoutEffect, useSyncExternalStore, type ComponentPropsWithRef, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { RouteDepthContext, RouterContext, RouterStateContext } from './context';
import { useLocation, useNavigate, useRouter, useRouterState } from './hooks';
import { createPath, resolveTo } from './path';
import type { Location, Router, RouterState, To } from './types';

/** Renders the page of the router's current entry, and again after each navigation. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state, () => router.state);
  const Fallback = state.matches.find(({ route }) => route.HydrateFallback)?.route.HydrateFallback;
  return (
    <RouterContext value={router}>
      <RouterStateContext value={state}>{state.initialized ? <RouteLevel depth={0} /> : Fallback ? <Fallback /> : null}</RouterStateContext>
    </RouterContext>
  );
}

/** Where a route that could not load shows its error: the closest route at or above it with an ErrorBoundary. */
function boundaryDepth(state: RouterState): number {
  if (!state.failure) return -1;
  for (let depth = state.failure.index; depth >= 0; depth -= 1) if (state.matches[depth]?.route.ErrorBoundary) return depth;
  return -1;
}

function RouteLevel({ depth }: { depth: number }) {
  const state = useRouterState();
  const match = state.matches[depth];
  if (!match) return null;
  const { route } = match;
  const failed = state.failure !== null && boundaryDepth(state) === depth;
  const Fallback = route.ErrorBoundary;
  let content: ReactNode = route.element ?? (route.Component ? <route.Component /> : <Outlet />);
  if (Fallback) {
    content = failed ? (
      <Fallback />
    ) : (
      <RenderErrorBoundary location={state.location} fallback={Fallback}>
        {content}
      </RenderErrorBoundary>
    );
  }
  return <RouteDepthContext value={depth}>{content}</RouteDepthContext>;
}

/** The route's child in the current branch, if any. */
export function Outlet() {
  return <RouteLevel depth={useContext(RouteDepthContext) + 1} />;
}

type BoundaryProps = { location: Location; fallback: ComponentType; children: ReactNode };
type BoundaryState = { error: boolean; location: Location };

/** A route's ErrorBoundary for a render that throws; the next navigation tries the page again. */
class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { error: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: false, location: props.location };
  }

  render() {
    const Fallback = this.props.fallback;
    return this.state.error ? <Fallback /> : this.props.children;
  }
}

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: To; replace?: boolean; state?: unknown; preventScrollReset?: boolean };

/** A link the router follows without reloading the page (a modified or middle click opens it as the browser would). */
export function Link({ to, replace, state, preventScrollReset, onClick, target, ...anchor }: LinkProps) {
  const router = useRouter();
  const location = useLocation();
  const href = router.createHref(resolveTo(to, location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // A link to the page already shown replaces its entry rather than adding the same page again.
    void router.navigate(to, { replace: replace ?? href === createPath(location), state, preventScrollReset });
  };
  return <a {...anchor} href={href} target={target} onClick={follow} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string | ((status: { isActive: boolean }) => string | undefined); end?: boolean };

/** A link that knows when its page is shown: class `active` and `aria-current="page"` (with `end`, only on that path exactly). */
export function NavLink({ className, end = false, to, ...link }: NavLinkProps) {
  const location = useLocation();
  const target = resolveTo(to, location).pathname.replace(/(.)\/+$/, '$1').toLowerCase();
  const current = location.pathname.toLowerCase();
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(target.length) === '/');
  const classes = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined;
  return <Link {...link} to={to} className={classes} aria-current={isActive ? 'page' : undefined} />;
}

/** Navigates once rendered: a route's redirect. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath({ pathname: to.pathname ?? '', search: to.search ?? '', hash: to.hash ?? '' });
  useEffect(() => {
    void navigate(target, { replace, state });
    // Once per target: the state goes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigate, target, replace]);
  return null;
}

/** The element id a URL's #anchor names (as typed when it is not valid percent-encoding). */
function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** Where the scroll positions of the entries visited in this tab are kept across reloads. */
const SCROLL_STORAGE_KEY = 'desen.scroll-positions';

/**
 * The window's scroll as a browser keeps it for ordinary pages, for a page that renders after the
 * URL changed: back on an entry, where it was left; after a link, the top (or the URL's #anchor),
 * unless the navigation asked to keep the position.
 */
export function ScrollRestoration() {
  const router = useRouter();
  const { location, initialized, preventScrollReset } = useRouterState();

  useLayoutEffect(() => {
    try {
      const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
      if (typeof saved === 'object' && saved !== null) {
        for (const [key, y] of Object.entries(saved)) if (typeof y === 'number' && !router.scrollPositions.has(key)) router.scrollPositions.set(key, y);
      }
    } catch {
      // No storage (private mode) or a damaged entry: positions last until the tab reloads.
    }
    const onPageHide = () => {
      router.scrollPositions.set(router.state.location.key, window.scrollY);
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(Object.fromEntries(router.scrollPositions)));
      } catch {
        // As above.
      }
    };
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = before;
    };
  }, [router]);

  useLayoutEffect(() => {
    if (!initialized) return;
    const saved = router.scrollPositions.get(location.key);
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const anchor = document.getElementById(decodeHash(location.hash));
      if (anchor) {
        anchor.scrollIntoView();
        return;
      }
    }
    if (!preventScrollReset) window.scrollTo(0, 0);
  }, [router, location, initialized, preventScrollReset]);

  return null;
}
