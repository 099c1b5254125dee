import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { WhenLoaded } from '@/lib/deferred';
import { formatCount } from '@/lib/format';
import { useScrolling } from '../lib/use-scrolling';
import type { SearchPage, SearchResult } from '../types';
import { progressBar, resultsPager } from './parts';
import { ResultGrid, ResultGridSkeleton, type VisibleRange } from './result-grid';

type Common = {
  pageSize: number;
  hasFilters: boolean;
  onClear: () => void;
  /** A button on each card (other features': the favorite heart). */
  cardAction?: (result: SearchResult) => ReactNode;
};

/** "Page 3 of 12 · 250 designs". */
function PagerMarker({ page, totalPage, totalCount, floating }: { page: number; totalPage: number; totalCount: number; floating?: boolean }) {
  const { t, i18n } = useTranslation('archive');
  const label = t('results.marker', { page, total: Math.max(totalPage, 1), count: totalCount, formatted: formatCount(totalCount, i18n.resolvedLanguage) });
  if (!floating) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="pager-marker" data-page={page} data-total-page={totalPage}>
        {label}
      </Typography>
    );
  }
  return <FloatingMarker label={label} page={page} totalPage={totalPage} />;
}

/**
 * The page counter over the grid, shown only while the window scrolls (where the page matters):
 * when the user stops to read, it fades away instead of covering the captions of the bottom row.
 */
function FloatingMarker({ label, page, totalPage }: { label: string; page: number; totalPage: number }) {
  const scrolling = useScrolling();
  return (
    <Box
      data-testid="pager-marker-frame"
      data-visible={scrolling}
      sx={{
        position: 'fixed',
        bottom: 16,
        left: 0,
        right: 0,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
        zIndex: (theme) => theme.zIndex.speedDial,
        opacity: scrolling ? 1 : 0,
        visibility: scrolling ? 'visible' : 'hidden',
        transition: scrolling ? 'opacity 120ms' : 'opacity 300ms, visibility 0s linear 300ms',
      }}
    >
      <Chip
        label={label}
        data-testid="pager-marker"
        data-page={page}
        data-total-page={totalPage}
        sx={{ bgcolor: 'grey.900', color: 'common.white', boxShadow: 3, opacity: 0.92, fontVariantNumeric: 'tabular-nums' }}
      />
    </Box>
  );
}

function EmptyState({ hasFilters, onClear }: Omit<Common, 'pageSize'>) {
  const { t } = useTranslation('archive');
  return (
    <Paper variant="outlined" data-testid="results-empty" sx={{ p: 5, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {hasFilters ? t('results.empty') : t('results.emptyArchive')}
      </Typography>
      {hasFilters && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('results.emptyHint')}
          </Typography>
          <Button variant="outlined" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        </>
      )}
    </Paper>
  );
}

/** A search that is replaced by a newer one keeps its results on screen, dimmed, under a progress bar. */
function Refreshing({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ position: 'absolute', top: -8, left: 0, right: 0, visibility: active ? 'visible' : 'hidden' }}>
        <WhenLoaded part={progressBar} load={active}>
          {({ default: LinearProgress }) => <LinearProgress aria-hidden={!active} />}
        </WhenLoaded>
      </Box>
      <Box sx={{ opacity: active ? 0.55 : 1, transition: 'opacity 150ms' }}>{children}</Box>
    </Box>
  );
}

type InfiniteProps = Common & { query: UseInfiniteQueryResult<InfiniteData<SearchPage, unknown>> };

/** Appended results: the next page loads when the last rows come into view (or on "show more"). */
export function InfiniteResults({ query, pageSize, hasFilters, onClear, cardAction }: InfiniteProps) {
  const { t, i18n } = useTranslation('archive');
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData, isFetching, error, refetch } = query;
  const results = data?.pages.flatMap((page) => page.results) ?? [];
  const first = data?.pages[0];
  const totalCount = first?.totalCount ?? 0;
  const totalPage = first?.totalPage ?? 0;
  const [lastVisible, setLastVisible] = useState(0);
  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isPlaceholderData && !error;

  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage({ cancelRefetch: false });
  }, [canLoadMore, fetchNextPage]);
  const onVisibleChange = useCallback((range: VisibleRange) => setLastVisible(range.lastVisible), []);

  // The sentinel below the grid: reaching it loads more even where the grid cannot tell.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoadMore, loadMore, results.length]);

  if (!data) {
    if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
    return <ResultGridSkeleton />;
  }
  if (results.length === 0 && !isFetching) return <EmptyState hasFilters={hasFilters} onClear={onClear} />;

  const page = Math.min(Math.max(1, Math.floor(Math.max(lastVisible, 0) / pageSize) + 1), Math.max(totalPage, 1));
  const footer = (
    <Stack ref={sentinel} data-testid="load-more" data-state={hasNextPage ? (isFetchingNextPage ? 'loading' : 'more') : 'end'} spacing={1} sx={{ alignItems: 'center', py: 4, pb: 10 }}>
      {error && <ErrorAlert error={error} onRetry={() => void (hasNextPage ? fetchNextPage() : refetch())} />}
      <Typography variant="body2" color="text.secondary">
        {t('results.shown', { shown: formatCount(results.length, i18n.resolvedLanguage), count: totalCount, formatted: formatCount(totalCount, i18n.resolvedLanguage) })}
      </Typography>
      {hasNextPage ? (
        <Button variant="outlined" onClick={() => void fetchNextPage()} disabled={!canLoadMore} startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}>
          {isFetchingNextPage ? t('results.loading') : t('results.loadMore')}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('results.end')}
        </Typography>
      )}
    </Stack>
  );

  return (
    <Refreshing active={isPlaceholderData && isFetching}>
      <ResultGrid
        results={results}
        totalCount={totalCount}
        pendingRows={isFetchingNextPage ? 1 : 0}
        onVisibleChange={onVisibleChange}
        onNearEnd={loadMore}
        footer={footer}
        cardAction={cardAction}
      />
      {results.length > 0 && <PagerMarker page={page} totalPage={totalPage} totalCount={totalCount} floating />}
    </Refreshing>
  );
}

type PagedProps = Common & { query: UseQueryResult<SearchPage>; page: number; onPageChange: (page: number) => void };

/** One page at a time, with a pager under the grid. */
export function PagedResults({ query, page, onPageChange, hasFilters, onClear, cardAction }: PagedProps) {
  const { t } = useTranslation('archive');
  const { data, isPlaceholderData, isFetching, error, refetch } = query;

  if (!data) {
    if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
    return <ResultGridSkeleton />;
  }
  if (error) return <ErrorAlert error={error} onRetry={() => void refetch()} />;
  if (data.results.length === 0 && !isFetching) {
    if (page > 0 && data.totalCount > 0) {
      return (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Button onClick={() => onPageChange(0)}>{t('results.firstPage')}</Button>
        </Paper>
      );
    }
    return <EmptyState hasFilters={hasFilters} onClear={onClear} />;
  }

  return (
    <Refreshing active={isPlaceholderData && isFetching}>
      <ResultGrid results={data.results} totalCount={data.totalCount} cardAction={cardAction} />
      <Stack spacing={1} sx={{ alignItems: 'center', py: 3 }}>
        {/* As tall as the pager, which comes in a chunk of its own right after the results. */}
        <Box sx={{ minHeight: 32 }}>
          <WhenLoaded part={resultsPager} load>
            {({ ResultsPager }) => <ResultsPager page={page + 1} totalPage={data.totalPage} onPageChange={onPageChange} />}
          </WhenLoaded>
        </Box>
        <PagerMarker page={page + 1} totalPage={data.totalPage} totalCount={data.totalCount} />
      </Stack>
    </Refreshing>
  );
}
