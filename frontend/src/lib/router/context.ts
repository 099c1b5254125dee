import { createContext } from 'react';
import type { Router, RouterState } from './types';

export const RouterContext = createContext<Router | null>(null);

/** The router's state as the current render sees it. */
export const RouterStateContext = createContext<RouterState | null>(null);

/** The depth of the route being rendered in the current branch (its Outlet renders the next one). */
export const RouteDepthContext = createContext(-1);
