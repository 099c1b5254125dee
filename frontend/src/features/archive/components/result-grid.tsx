import Box from '@mui/material/Box';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { estimatedGridWidth, GRID_GAP, gridColumns, gridRowHeight } from '../lib/grid-layout';
import { useWindowRows } from '../lib/use-window-rows';
import type { SearchResult } from '../types';
import { ResultCard, ResultCardSkeleton } from './result-card';

/** The grid's last measured width: a grid shown again (back from a design) lays out right at once. */
let lastGridWidth = 0;

function initialWidth(): number {
  return lastGridWidth || estimatedGridWidth(typeof window === 'undefined' ? 0 : window.innerWidth);
}

/** The grid's width and its distance from the top of the document, kept up to date. */
function useGridBox() {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState(() => ({ width: initialWidth(), top: 0 }));

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const width = element.clientWidth;
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      if (width > 0) lastGridWidth = width;
      setBox((current) => (width > 0 && (current.width !== width || current.top !== top) ? { width, top } : current));
    };
    // The grid's own size, and the document's (a filter row above the grid wrapping moves it down).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, []);

  return [ref, box.width, box.top] as const;
}

export type VisibleRange = { lastVisible: number };

type Props = {
  results: SearchResult[];
  /** All results of the search (the cards' set size). */
  totalCount: number;
  /** Shown under the last row: the load-more sentinel or nothing. */
  footer?: ReactNode;
  /** Rows of skeleton cards after the results (the next page is loading). */
  pendingRows?: number;
  /** Called with the index of the last result visible in the window. */
  onVisibleChange?: (range: VisibleRange) => void;
  /** Called when the last rows come into view. */
  onNearEnd?: () => void;
  /** A button on each card (a favorite list's "remove"). */
  cardAction?: (result: SearchResult) => ReactNode;
};

/**
 * The results as rows of cards, virtualised against the window's scroll: only the rows in view
 * (and a few around) are in the DOM, so thousands of results scroll smoothly.
 */
export function ResultGrid({ results, totalCount, footer, pendingRows = 0, onVisibleChange, onNearEnd, cardAction }: Props) {
  const [ref, width, top] = useGridBox();
  const columns = gridColumns(width);
  const rowHeight = gridRowHeight(width, columns);
  const resultRows = Math.ceil(results.length / columns);
  const rowCount = resultRows + pendingRows;
  const { range, rows, totalSize } = useWindowRows({ count: rowCount, rowHeight, overscan: 3, scrollMargin: top });
  const lastVisibleRow = range?.endIndex ?? rows.at(-1)?.index ?? 0;
  const lastVisible = Math.min(results.length, (lastVisibleRow + 1) * columns) - 1;

  useEffect(() => {
    onVisibleChange?.({ lastVisible });
  }, [lastVisible, onVisibleChange]);

  const nearEnd = resultRows > 0 && lastVisibleRow >= resultRows - 2;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, results.length, onNearEnd]);

  return (
    <>
      <Box
        ref={ref}
        role="feed"
        aria-busy={pendingRows > 0}
        data-testid="result-grid"
        data-loaded-count={results.length}
        data-columns={columns}
        sx={{ position: 'relative', width: '100%', height: totalSize }}
      >
        {rows.map((row) => {
          const first = row.index * columns;
          const cards = results.slice(first, first + columns);
          return (
            <Box
              // The row height is part of the key: a new width lays every row out again.
              key={`${rowHeight}:${row.index}`}
              data-index={row.index}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: rowHeight - GRID_GAP,
                transform: `translateY(${row.start - top}px)`,
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: `${GRID_GAP}px`,
              }}
            >
              {row.index < resultRows
                ? cards.map((result, column) => (
                    <ResultCard
                      key={`${result.designGuid}:${result.activeVariantGuid}`}
                      result={result}
                      position={first + column + 1}
                      setSize={totalCount}
                      // The first row is what the page shows first: its thumbnails come first.
                      priority={row.index === 0}
                      action={cardAction?.(result)}
                    />
                  ))
                : Array.from({ length: columns }, (_, column) => <ResultCardSkeleton key={column} />)}
            </Box>
          );
        })}
      </Box>
      {footer}
    </>
  );
}

/** The first screenful of skeleton cards while a search has no results to show yet. */
export function ResultGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <Box
      data-testid="results-loading"
      aria-busy="true"
      sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(190px, 1fr))`, gap: `${GRID_GAP}px` }}
    >
      {Array.from({ length: count }, (_, index) => (
        <ResultCardSkeleton key={index} />
      ))}
    </Box>
  );
}
