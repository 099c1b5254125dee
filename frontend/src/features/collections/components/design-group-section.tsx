import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import type { SearchResult } from '@/types/search';
import { GROUP_PAGE_SIZE, useDesignGroupCards } from '../api/get-design-group-page';
import type { DesignGroup } from '../types';

/** What the cards of a group are doing, for the grid the app composes (a row of skeleton cards while more load). */
export type GroupCardsState = { loadingMore: boolean };

type Props = {
  /** The design page (sub-collection) the group belongs to. */
  pageId: number;
  group: DesignGroup;
  /** The group's cards (the archive's result grid, composed by the app): `group.results` holds every card loaded so far. */
  children: (group: DesignGroup, state: GroupCardsState) => ReactNode;
};

/** The cards the page brought, then those of the pages loaded after them, each design once, in order. */
function appended(first: SearchResult[], pages: { results: SearchResult[] }[] | undefined): SearchResult[] {
  if (!pages || pages.length === 0) return first;
  const seen = new Set(first.map((result) => result.designGuid));
  const all = [...first];
  for (const result of pages.flatMap((page) => page.results)) {
    if (seen.has(result.designGuid)) continue;
    seen.add(result.designGuid);
    all.push(result);
  }
  return all;
}

/**
 * A group of a design page: its name and how many designs the viewer may see, its first cards, and
 * for a larger group a button that adds the rest a page at a time below them.
 */
export function DesignGroupSection({ pageId, group, children }: Props) {
  const { t } = useTranslation('collections');
  // Nothing is asked before the user wants more; pages loaded on an earlier visit show again at once.
  const [asked, setAsked] = useState(false);
  const more = useDesignGroupCards(pageId, group.id, asked);
  const results = useMemo(() => appended(group.results, more.data?.pages), [group.results, more.data]);
  const count = group.designCount;
  const hasMore = more.data ? more.hasNextPage : results.length < count;
  const loadingMore = more.isFetchingNextPage || more.isLoading;
  const remaining = Math.max(0, count - results.length);

  const loadMore = () => {
    if (loadingMore) return;
    setAsked(true);
    // The first click enables the query, which asks for page 1; later ones ask for the page after the last.
    if (more.data) void more.fetchNextPage();
    else if (asked) void more.refetch();
  };

  const titleId = `design-group-${group.id}`;
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="design-group" data-group={group.name} data-count={count}>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h2">
          {group.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="design-group-count">
          {t('counts.designs', { count })}
        </Typography>
      </Stack>
      {results.length === 0 ? (
        <Typography color="text.secondary" data-testid="design-group-empty">
          {t('designPage.groupEmpty')}
        </Typography>
      ) : (
        <>
          {children({ ...group, results }, { loadingMore })}
          {(hasMore || more.data) && (
            <Stack spacing={1} sx={{ mt: 2, alignItems: 'center' }} data-testid="design-group-more">
              {more.error && !loadingMore ? (
                <ErrorAlert error={more.error} onRetry={loadMore} />
              ) : (
                hasMore && (
                  <Button
                    variant="outlined"
                    onClick={loadMore}
                    aria-busy={loadingMore}
                    aria-describedby={`${titleId}-shown`}
                    startIcon={loadingMore ? <CircularProgress size={16} color="inherit" /> : undefined}
                    data-testid="design-group-show-more"
                  >
                    {loadingMore ? t('designPage.loadingMore') : remaining <= GROUP_PAGE_SIZE ? t('designPage.showAll', { count }) : t('designPage.showMore')}
                  </Button>
                )
              )}
              <Typography id={`${titleId}-shown`} variant="body2" color="text.secondary" role="status" data-testid="design-group-shown">
                {results.length >= count ? t('designPage.allShown', { count }) : t('designPage.shown', { count, shown: results.length })}
              </Typography>
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
