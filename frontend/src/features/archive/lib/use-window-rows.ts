import { useDeferredValue, useLayoutEffect, useState } from 'react';

/** The rows of a window-scrolled list from `start` to `end` (inclusive). */
export type RowRange = { startIndex: number; endIndex: number };

export type WindowRow = { index: number; start: number };

type Options = {
  count: number;
  /** Every row's height (the gap below it included): rows of one grid are all alike. */
  rowHeight: number;
  /** Rows rendered beyond the window's edges, each side. */
  overscan: number;
  /** Where the list starts in the document, in px (what lies above it scrolls first). */
  scrollMargin: number;
};

type Viewport = { offset: number; height: number };

function readViewport(): Viewport {
  return typeof window === 'undefined' ? { offset: 0, height: 0 } : { offset: window.scrollY, height: window.innerHeight };
}

/**
 * The rows in the window, for rows of one fixed height: the first whose top is at or above the
 * window's top, through the first whose bottom reaches the window's bottom (null without rows or
 * window). Arithmetic: with equal rows nothing has to be measured.
 */
export function visibleRows(count: number, rowHeight: number, scrollMargin: number, viewport: Viewport): RowRange | null {
  if (count === 0 || viewport.height <= 0 || rowHeight <= 0) return null;
  const last = count - 1;
  if (count === 1) return { startIndex: 0, endIndex: 0 };
  const startIndex = Math.min(last, Math.max(0, Math.floor((viewport.offset - scrollMargin) / rowHeight)));
  const endIndex = Math.min(last, Math.max(startIndex, Math.ceil((viewport.offset + viewport.height - scrollMargin) / rowHeight) - 1));
  return { startIndex, endIndex };
}

/**
 * A list virtualised against the window's scroll, for rows of one fixed height (the result grid):
 * the rows in view and `overscan` more each side, each with its top in the document. Follows the
 * window's scrolling and resizing.
 */
export function useWindowRows({ count, rowHeight, overscan, scrollMargin }: Options) {
  const [viewport, setViewport] = useState(readViewport);

  useLayoutEffect(() => {
    const update = () =>
      setViewport((current) => {
        const next = readViewport();
        return current.offset === next.offset && current.height === next.height ? current : next;
      });
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  // The first render shows the rows in view only; the rows beyond its edges follow in a render of
  // their own (React renders it in the background), so the first cards are painted sooner.
  const around = useDeferredValue(overscan, 0);
  const range = visibleRows(count, rowHeight, scrollMargin, viewport);
  const rows: WindowRow[] = [];
  if (range) {
    const to = Math.min(count - 1, range.endIndex + around);
    for (let index = Math.max(0, range.startIndex - around); index <= to; index += 1) rows.push({ index, start: scrollMargin + index * rowHeight });
  }
  return { range, rows, totalSize: count * rowHeight };
}
