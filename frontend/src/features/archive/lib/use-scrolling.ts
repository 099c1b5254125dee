import { useEffect, useState } from 'react';

/** How long after the last scroll the window counts as scrolling. */
export const SCROLL_IDLE_MS = 1200;

/** True while the window is being scrolled, and for a moment after. */
export function useScrolling(idleMs = SCROLL_IDLE_MS): boolean {
  const [scrolling, setScrolling] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const onScroll = () => {
      setScrolling(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setScrolling(false), idleMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, [idleMs]);
  return scrolling;
}
