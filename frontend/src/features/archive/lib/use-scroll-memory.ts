import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigationType } from '@/lib/router';
import { readScrollPosition, saveScrollPosition } from './scroll-memory';

/** Frames to wait for the page to become tall enough (images and rows laying out) before giving up. */
const MAX_RESTORE_FRAMES = 30;

/**
 * Remembers the window's scroll position for `url` and, when the page is reached with the back or
 * forward button (or reloaded), scrolls back there once `ready` (the results are shown).
 */
export function useScrollMemory(url: string, ready: boolean): void {
  const navigationType = useNavigationType();
  const restoredFor = useRef<string | null>(null);

  // A layout effect: its cleanup runs before the next page's scroll-to-top, which must not be recorded.
  useLayoutEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        saveScrollPosition(url, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [url]);

  useEffect(() => {
    if (!ready || restoredFor.current === url) return;
    restoredFor.current = url;
    if (navigationType !== 'POP') return;
    const y = readScrollPosition(url);
    if (y === null || y <= 0) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight;
      if (reachable >= y || tries >= MAX_RESTORE_FRAMES) {
        window.scrollTo(0, Math.min(y, Math.max(0, reachable)));
        return;
      }
      tries += 1;
      frame = window.requestAnimationFrame(attempt);
    };
    attempt();
    return () => window.cancelAnimationFrame(frame);
  }, [url, ready, navigationType]);
}
