import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Full screen for one element (the Fullscreen API): whether the browser offers it, whether the
 * element is shown full screen now, and a toggle. Leaving with Esc is noticed too.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const [active, setActive] = useState(false);

  useEffect(() => {
    if (!supported) return;
    const update = () => setActive(target.current !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [supported, target]);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void target.current?.requestFullscreen().catch(() => undefined);
  }, [target]);

  return { supported, active, toggle };
}
