import type { ComponentType, ReactNode } from 'react';

/** How the app reached the current entry: a link or `navigate` (PUSH, REPLACE), or Back/Forward and the first load (POP). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export type Path = { pathname: string; search: string; hash: string };

/** A history entry: its path, the state a navigation gave it, and a key that stays with the entry (Back finds it again). */
export type Location = Path & { state: unknown; key: string };

/** Where to go: an absolute or relative URL, a search (`?a=1`) or hash alone, or the parts of a path. */
export type To = string | Partial<Path>;

export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };

/** What a lazy route's module adds to its route once loaded. */
export type LazyRouteParts = { Component?: ComponentType; element?: ReactNode };

/** One entry of the route table: a path (relative to its parent's, none for a layout), what it renders, and its children. */
export type RouteObject = {
  path?: string;
  index?: boolean;
  Component?: ComponentType;
  element?: ReactNode;
  /** Rendered instead of this route and everything below it when one of them fails to render or to load. */
  ErrorBoundary?: ComponentType;
  /** Rendered while the first page's lazy routes load. */
  HydrateFallback?: ComponentType;
  /** The route's component, loaded on first use (a chunk of its own). */
  lazy?: () => Promise<LazyRouteParts>;
  handle?: unknown;
  children?: RouteObject[];
};

export type Params = Record<string, string | undefined>;

/** A route of the branch the current path selects, outermost first. */
export type RouteMatch = { id: string; route: RouteObject; params: Params; handle: unknown };

export type RouterState = {
  location: Location;
  historyAction: NavigationType;
  matches: RouteMatch[];
  /** False while the first page's lazy routes load. */
  initialized: boolean;
  /** A route of the branch that could not be loaded: its index in `matches` and the error. */
  failure: { index: number; error: unknown } | null;
  /** The last navigation asked to keep the scroll position. */
  preventScrollReset: boolean;
};

export type Router = {
  readonly state: RouterState;
  subscribe(listener: () => void): () => void;
  /** Goes to `to`, or moves `delta` entries through the history (-1 is Back). Settles once the page is shown. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  createHref(to: Path): string;
  /** The window's scroll position when each entry was left, by the entry's key (see ScrollRestoration). */
  readonly scrollPositions: Map<string, number>;
};
