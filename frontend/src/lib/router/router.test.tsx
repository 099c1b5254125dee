import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, matchPath, Navigate, NavLink, Outlet, RouterProvider, ScrollRestoration, useLocation, useNavigationType, useParams, useSearchParams, type RouteObject } from './index';
import { matchRoutes, resolveTo } from './path';
import { createBrowserRouter, createMemoryRouter } from './router';

/** A promise settled from outside: a lazy route's chunk arriving when the test says. */
function deferredChunk<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${useNavigationType()} ${location.pathname}${location.search}${location.hash}`}</p>;
}

describe('matchPath', () => {
  it('reads parameters, optional segments and a splat, ignoring case and a trailing slash', () => {
    expect(matchPath('/design/:id/:colorwayid?', '/design/d-1')?.params).toEqual({ id: 'd-1', colorwayid: undefined });
    expect(matchPath('/design/:id/:colorwayid?', '/Design/d%201/c-2/')?.params).toEqual({ id: 'd 1', colorwayid: 'c-2' });
    expect(matchPath('/files/*', '/files/a/b')?.params).toEqual({ '*': 'a/b' });
    expect(matchPath('/', '/')).not.toBeNull();
    expect(matchPath('/', '/archive')).toBeNull();
    expect(matchPath('/design/:id', '/design')).toBeNull();
    expect(matchPath('/design/:id', '/design/a/b')).toBeNull();
    // Not valid percent-encoding: the segment as typed, no exception.
    expect(matchPath('/design/:id', '/design/%E0')?.params).toEqual({ id: '%E0' });
  });
});

describe('matchRoutes', () => {
  const routes: RouteObject[] = [
    {
      handle: 'root',
      children: [
        { path: '*', handle: 'not found' },
        { handle: 'layout', children: [{ index: true, handle: 'home' }, { path: 'design/:id', handle: 'design' }] },
        { path: 'admin', children: [{ children: [{ index: true, handle: 'users' }, { path: 'pools', handle: 'pools' }] }] },
      ],
    },
  ];
  const handles = (pathname: string) => matchRoutes(routes, pathname).map((match) => match.handle);

  it('picks the most specific branch whatever the order of the table', () => {
    expect(handles('/')).toEqual(['root', 'layout', 'home']);
    expect(handles('/design/7')).toEqual(['root', 'layout', 'design']);
    expect(handles('/admin')).toEqual(['root', undefined, undefined, 'users']);
    expect(handles('/admin/pools')).toEqual(['root', undefined, undefined, 'pools']);
    expect(handles('/nothing/here')).toEqual(['root', 'not found']);
  });

  it('gives each route one id, the same in every branch', () => {
    const [root, layout, home] = matchRoutes(routes, '/');
    const [root2, layout2, design] = matchRoutes(routes, '/design/7');
    expect([root?.id, layout?.id, home?.id]).toEqual(['0', '0-1', '0-1-0']);
    expect([root2?.id, layout2?.id, design?.id]).toEqual(['0', '0-1', '0-1-1']);
  });
});

describe('resolveTo', () => {
  const from = { pathname: '/admin/pools', search: '?a=1', hash: '#x' };
  it('keeps the pathname for a search or a hash alone, and resolves relative paths as a URL would', () => {
    expect(resolveTo('?b=2', from)).toEqual({ pathname: '/admin/pools', search: '?b=2', hash: '' });
    expect(resolveTo('#y', from)).toEqual({ pathname: '/admin/pools', search: '?a=1', hash: '#y' });
    expect(resolveTo('/design/1?c=3#z', from)).toEqual({ pathname: '/design/1', search: '?c=3', hash: '#z' });
    expect(resolveTo('users', from)).toEqual({ pathname: '/admin/pools/users', search: '', hash: '' });
    expect(resolveTo({ pathname: '/x', search: '?q' }, from)).toEqual({ pathname: '/x', search: '?q', hash: '' });
  });
});

describe('the router', () => {
  it('shows the fallback while the first page loads, keeps a page until the next one is loaded, and lets a later navigation win', async () => {
    const home = deferredChunk<{ Component: () => React.ReactNode }>();
    const slow = deferredChunk<{ Component: () => React.ReactNode }>();
    const router = createMemoryRouter(
      [
        {
          HydrateFallback: () => <p>loading</p>,
          Component: () => (
            <>
              <Where />
              <Outlet />
            </>
          ),
          children: [
            { index: true, lazy: () => home.promise },
            { path: 'slow', lazy: () => slow.promise },
            { path: 'fast', Component: () => <p>fast page</p> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(router.state.initialized).toBe(false);

    await act(async () => home.resolve({ Component: () => <p>home page</p> }));
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('POP /');

    // The slow page's chunk is on its way: the home page stays, the URL too.
    let toSlow: Promise<void> = Promise.resolve();
    act(() => {
      toSlow = router.navigate('/slow');
    });
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    // A later navigation supersedes it, and the slow chunk arriving changes nothing.
    await act(() => router.navigate('/fast?x=1'));
    expect(screen.getByText('fast page')).toBeInTheDocument();
    await act(async () => {
      slow.resolve({ Component: () => <p>slow page</p> });
      await toSlow;
    });
    expect(screen.getByTestId('where')).toHaveTextContent('PUSH /fast?x=1');

    // Back: the entry before, its page loaded once already.
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('where')).toHaveTextContent('POP /');
    expect(router.state.location.key).toBe('default');
    await act(() => router.navigate('/slow', { replace: true }));
    expect(screen.getByText('slow page')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the closest ErrorBoundary when a route's chunk fails to load or its page fails to render, and tries again on the next navigation", async () => {
    let attempts = 0;
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('render failed');
    };
    const router = createMemoryRouter([
      {
        ErrorBoundary: () => <p>something went wrong</p>,
        Component: Outlet,
        children: [
          { index: true, Component: () => <p>home page</p> },
          {
            path: 'flaky',
            lazy: async () => {
              attempts += 1;
              if (attempts === 1) throw new Error('chunk failed');
              return { Component: () => <p>flaky page</p> };
            },
          },
          { path: 'broken', Component: Broken },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/flaky'));
    expect(screen.getByText('something went wrong')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(screen.getByText('home page')).toBeInTheDocument();
    await act(() => router.navigate('/flaky'));
    expect(screen.getByText('flaky page')).toBeInTheDocument();
    await act(() => router.navigate('/broken'));
    expect(screen.getByText('something went wrong')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(screen.getByText('home page')).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('follows links (a link to the page shown replaces it), leaves modified clicks to the browser, and marks the active NavLink', async () => {
    const router = createMemoryRouter([
      {
        Component: () => (
          <>
            <Where />
            <Link to="/pools?page=2">pools</Link>
            <NavLink to="/admin" end>
              users
            </NavLink>
            <NavLink to="/admin/pools">all pools</NavLink>
            <Outlet />
          </>
        ),
        children: [{ path: '*' }],
      },
    ], { initialEntries: ['/admin'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'pools' })).toHaveAttribute('href', '/pools?page=2');
    expect(screen.getByRole('link', { name: 'users' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'users' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'all pools' })).not.toHaveClass('active');

    fireEvent.click(screen.getByRole('link', { name: 'pools' }), { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/admin');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'all pools' })));
    expect(screen.getByTestId('where')).toHaveTextContent('PUSH /admin/pools');
    expect(screen.getByRole('link', { name: 'users' })).not.toHaveClass('active');
    expect(screen.getByRole('link', { name: 'all pools' })).toHaveClass('active');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'all pools' })));
    expect(screen.getByTestId('where')).toHaveTextContent('REPLACE /admin/pools');
  });

  it('reads parameters and search parameters, sets the search on the same path, and redirects with Navigate', async () => {
    function Search() {
      const [params, setParams] = useSearchParams();
      const { id } = useParams();
      return (
        <button type="button" onClick={() => void setParams((current) => ({ page: String(Number(current.get('page') ?? 0) + 1) }), { replace: true })}>
          {`${id} page ${params.get('page') ?? 0}`}
        </button>
      );
    }
    const router = createMemoryRouter([
      {
        Component: () => (
          <>
            <Where />
            <Outlet />
          </>
        ),
        children: [
          { path: 'old/:id', Component: () => <Navigate to="/list/7?page=1" replace /> },
          { path: 'list/:id', Component: Search },
        ],
      },
    ], { initialEntries: ['/old/7'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('button')).toHaveTextContent('7 page 1');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button')).toHaveTextContent('7 page 2');
    expect(screen.getByTestId('where')).toHaveTextContent('REPLACE /list/7?page=2');
  });

  it('brings the window back to where an entry was left, to the top after a link, and nowhere when asked to keep it', async () => {
    const scrollTo = jest.mocked(window.scrollTo);
    const router = createMemoryRouter([
      {
        Component: () => (
          <>
            <Outlet />
            <ScrollRestoration />
          </>
        ),
        children: [{ path: '*', Component: () => null }],
      },
    ], { initialEntries: ['/results'] });
    render(<RouterProvider router={router} />);
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    scrollTo.mockClear();
    await act(() => router.navigate('/design/1'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    scrollTo.mockClear();
    await act(() => router.navigate('/results?view=list', { replace: true, preventScrollReset: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('the browser history', () => {
  it("keeps each entry's key and state in history.state, so that Back and a reload find them", async () => {
    window.history.replaceState(null, '', '/start');
    const routes: RouteObject[] = [{ Component: Where, children: [{ path: '*' }] }];
    const router = createBrowserRouter(routes);
    render(<RouterProvider router={router} />);
    expect(router.state.location.key).toBe('default');
    await act(() => router.navigate('/next?q=1#part', { state: { from: 'start' } }));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/next?q=1#part');
    const { key } = router.state.location;
    // A reload reads the same entry back.
    expect(createBrowserRouter(routes).state.location).toMatchObject({ pathname: '/next', key, state: { from: 'start' } });
  });
});
