import { useCallback, useContext, useMemo } from 'react';
import { RouterContext, RouterStateContext } from './context';
import type { Location, NavigateOptions, NavigationType, Params, Router, RouterState, To } from './types';

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook is used outside RouterProvider');
  return router;
}

export function useRouterState(): RouterState {
  const state = useContext(RouterStateContext);
  if (!state) throw new Error('a router hook is used outside RouterProvider');
  return state;
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigationType(): NavigationType {
  return useRouterState().historyAction;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback((to, options) => router.navigate(to, options), [router]);
}

/** The current path's parameters (`:id` and the like). */
export function useParams<T extends Params = Params>(): Partial<T> {
  return (useRouterState().matches.at(-1)?.params ?? {}) as Partial<T>;
}

export type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];
export type SetSearchParams = (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => Promise<void>;

/** The query string's parameters, and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next;
      return router.navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [router],
  );
  return [params, setParams];
}
