import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { loadTranslations } from './i18n';

/**
 * A part of a screen its first paint does not need (a dialog, a drawer, a menu, tooltips): its
 * own chunk, loaded once, when the screen asks for it (opened) or when the page is idle after its
 * first paint, so that it is usually there before anyone reaches for it.
 */
export type Deferred<T> = {
  /** Starts loading (once); settles when the part is there, or could not be loaded (it is tried again on the next call). */
  load: () => Promise<void>;
  /** The loaded module, or undefined. */
  current: () => T | undefined;
  subscribe: (listener: () => void) => () => void;
};

let atOnce = false;

/**
 * Tests: each deferred part starts loading as soon as the module declaring it is evaluated, and
 * what waits for a paint (afterNextPaint) runs at once, so a test sees every screen as it is once
 * its parts are there (the order of chunks and frames is the browser's concern).
 */
export function loadDeferredPartsAtOnce(): void {
  atOnce = true;
}

export function deferred<T>(loader: () => Promise<T>): Deferred<T> {
  let value: T | undefined;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const part: Deferred<T> = {
    load: () =>
      // With the shared words its screens may show (lib/i18n.ts), asked for with the first render's.
      (pending ??= Promise.all([loader(), loadTranslations('shared')]).then(
        ([loaded]) => {
          value = loaded;
          listeners.forEach((listener) => listener());
        },
        (error: unknown) => {
          // A chunk that could not be fetched (offline, a new release): asked for again next time.
          pending = null;
          console.error(error);
        },
      )),
    current: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  if (atOnce) void part.load();
  return part;
}

/** The part's module once it is loaded (undefined before); the component renders again when it arrives. */
export function useDeferred<T>(part: Deferred<T>): T | undefined {
  return useSyncExternalStore(part.subscribe, part.current, part.current);
}

type WhenLoadedProps<T> = {
  part: Deferred<T>;
  /** Load the part now (it is opened), instead of waiting for a preload. */
  load: boolean;
  /** What to show with the loaded module. */
  children: (module: T) => ReactNode;
  /** What to show until then (nothing by default): the room the part will take. */
  fallback?: ReactNode;
};

/** Shows `children` with the part's module once it is loaded (`fallback` before); loads it once `load` is true. */
export function WhenLoaded<T>({ part, load, children, fallback = null }: WhenLoadedProps<T>) {
  const loaded = useDeferred(part);
  useEffect(() => {
    if (load) void part.load();
  }, [load, part]);
  return loaded ? children(loaded) : fallback;
}

/** Runs `task` once the browser is idle (soon, where it cannot say); answers the cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 100);
  return () => window.clearTimeout(timer);
}

/** Runs `task` once the browser has painted what is rendered now (the frame after the next); answers the cancel. */
function afterNextPaint(task: () => void): () => void {
  if (atOnce) {
    task();
    return () => undefined;
  }
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(task, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * False until the frame after `ready` first became true has painted: what a screen renders only
 * after its first paint (the archive's controls beside its first results), so that the task
 * painting the largest content does not carry it.
 */
export function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (ready && !painted ? afterNextPaint(() => setPainted(true)) : undefined), [ready, painted]);
  return painted;
}

/** Loads `parts` once the page is idle after the first paint of the calling component. */
export function usePreload(...parts: Deferred<unknown>[]): void {
  useEffect(
    () => whenIdle(() => parts.forEach((part) => void part.load())),
    // The parts are module constants: once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}
