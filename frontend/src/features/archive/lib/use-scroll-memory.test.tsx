import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from '@/lib/router';
import { readScrollPosition, saveScrollPosition } from './scroll-memory';
import { useScrollMemory } from './use-scroll-memory';

function Page({ ready }: { ready: boolean }) {
  const location = useLocation();
  useScrollMemory(`${location.pathname}${location.search}`, ready);
  return null;
}

function renderAt(path: string, ready: boolean) {
  const routes = (isReady: boolean) => [{ path: '/', element: <Page ready={isReady} /> }];
  const router = createMemoryRouter(routes(ready), { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, rerender: (isReady: boolean) => view.rerender(<RouterProvider router={createMemoryRouter(routes(isReady), { initialEntries: [path] })} />) };
}

function setScroll({ y, height }: { y?: number; height?: number }) {
  if (y !== undefined) Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  if (height !== undefined) Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
}

const scrollTo = window.scrollTo as jest.Mock;

describe('scroll memory', () => {
  beforeEach(() => scrollTo.mockClear());
  afterEach(() => setScroll({ y: 0, height: 0 }));

  it('keeps the last positions per URL in sessionStorage', () => {
    saveScrollPosition('/?a=1', 100.4);
    saveScrollPosition('/?a=2', 300);
    expect(readScrollPosition('/?a=1')).toBe(100);
    expect(readScrollPosition('/?a=2')).toBe(300);
    expect(readScrollPosition('/?a=3')).toBeNull();
    for (let index = 0; index < 60; index += 1) saveScrollPosition(`/?n=${index}`, index);
    expect(readScrollPosition('/?a=1')).toBeNull();
    expect(readScrollPosition('/?n=59')).toBe(59);
  });

  it('records the window scroll of the current URL', async () => {
    renderAt('/?number=01', true);
    setScroll({ y: 840 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(readScrollPosition('/?number=01')).toBe(840));
  });

  it('scrolls back once the results are shown when the page is reached with the back button', async () => {
    saveScrollPosition('/?number=01', 1200);
    setScroll({ height: 5000 });
    // A memory router's first entry is a POP navigation, like the back button.
    const { rerender } = renderAt('/?number=01', false);
    expect(scrollTo).not.toHaveBeenCalled();
    rerender(true);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 1200));
  });

  it('waits for the page to grow tall enough', async () => {
    saveScrollPosition('/?number=01', 1200);
    setScroll({ height: 500 });
    renderAt('/?number=01', true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollTo).not.toHaveBeenCalled();
    setScroll({ height: 3000 });
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 1200));
  });

  it('does not scroll on a new search (a push)', async () => {
    saveScrollPosition('/?number=02', 900);
    setScroll({ height: 5000 });
    const { router } = renderAt('/?number=01', true);
    await act(() => router.navigate('/?number=02'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
