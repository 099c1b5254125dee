import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from '@/lib/router';
import { defaultConfiguration, useConfiguration } from '@/api/reference/get-configuration';
import { useDesignFields } from '@/api/reference/get-design-fields';
import { updateClientSettings, useClientSettings } from '@/lib/client-settings';
import { useSession } from '@/lib/session';
import { formatCount } from '@/lib/format';
import { useDeferred, usePaintedOnce, usePreload, WhenLoaded } from '@/lib/deferred';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDesignSearchPage, useInfiniteDesignSearch } from '../api/search-designs';
import {
  activeFilterKeys,
  clearedFilters,
  filtersToParams,
  hiddenFilters,
  isFilterActive,
  parseFilters,
  parsePage,
  restrictedFilters,
  searchDefaults,
  searchForm,
  type SearchForm,
  validPageSize,
  withoutFilter,
  withoutHidden,
  type FilterKey,
  type LabelMode,
  type SearchFilters,
} from '../lib/search-filters';
import { useScrollMemory } from '../lib/use-scroll-memory';
import type { SearchResult } from '../types';
import type { FilterChange } from './filter-drawer';
import { colorPanel, filterDrawer, pictureDialog, progressBar, searchControls, settingsMenu } from './parts';
import { InfiniteResults, PagedResults } from './search-results';

// The search bar's controls: asked for with this page's chunk, not once it has rendered (parts.ts).
void searchControls.load();

/** Filters of the bar itself; the drawer's button counts the others. */
const barFilters: readonly FilterKey[] = ['number', 'labels', 'color', 'similar'];

/**
 * The archive search (routes / and /archive): filters in a sticky bar and a drawer, kept in the
 * URL; results appended while scrolling or paged, as the user's setting says.
 */
/**
 * The search as the user sees it, for the actions other features bring beside the result count
 * (the line sheet export): one page of it, named as the search route takes it.
 */
export type ShownSearch = {
  /** The form of POST /search/design/basic, exactly as the search sent it. */
  form: SearchForm;
  /** The page (from 0) and its size: with paged results the page on screen, with infinite scroll the first page loaded. */
  page: number;
  pageSize: number;
  /** `page`: the page on screen (paged results); `first`: the first page of those loaded (infinite scroll). */
  scope: 'page' | 'first';
  /** Every result of the search is on that one page. */
  complete: boolean;
  /** That page's results are on screen: found, not still searching, not the previous search's shown meanwhile. */
  ready: boolean;
};

type Props = {
  /** A button on each result card that other features bring (the favorite heart). */
  cardAction?: (result: SearchResult) => ReactNode;
  /** Actions on the shown search, beside the result count, that other features bring (the line sheet export). */
  searchActions?: (search: ShownSearch) => ReactNode;
  /** Shown between the welcome and the search bar, from other features (the studio's banners); renders nothing when it has nothing. */
  banner?: ReactNode;
};

export function ArchiveSearchPage({ cardAction, searchActions, banner }: Props) {
  const { t, i18n } = useTranslation('archive');
  const { account } = useSession();
  useDocumentTitle(t('title'));
  const settings = useClientSettings();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The text field typed into last: its next commit replaces the history entry instead of adding one.
  const typingIn = useRef<string | null>(null);
  // What the first paint leaves out, there before anyone reaches for it.
  usePreload(filterDrawer, colorPanel, pictureDialog, settingsMenu, progressBar);
  // The search bar's controls, the order and the filters' chips: asked for with the route, not
  // waited for by the results (the bar's frame keeps their place).
  const loadedControls = useDeferred(searchControls);

  // The studio's default archive, order and page size apply where the URL does not say; the search
  // waits for them (a failed read falls back to the built-in ones) rather than search twice.
  const configuration = useConfiguration();
  const { defaultArchiveId, defaultOrder, pageSize: configuredPageSize } = configuration.data ?? defaultConfiguration;
  const { combineLabelSearch } = settings;
  const defaults = useMemo(() => searchDefaults(combineLabelSearch, defaultArchiveId, defaultOrder), [combineLabelSearch, defaultArchiveId, defaultOrder]);
  const designFields = useDesignFields();
  const requested = useMemo(() => parseFilters(params, defaults), [params, defaults]);
  // The filters on fields hidden from this viewer are dropped: offered, the server would refuse them.
  const hidden = useMemo(() => (designFields.isPending ? [] : hiddenFilters(designFields.data)), [designFields.isPending, designFields.data]);
  const filters = useMemo(() => withoutHidden(requested, hidden), [requested, hidden]);
  // A link naming such a filter waits for the field list: sent or dropped blindly, it would be refused or show other designs.
  const waitingForFields = designFields.isPending && restrictedFilters.some((key) => isFilterActive(requested, key));
  const waiting = waitingForFields || configuration.isPending;
  const page = parsePage(params);
  const form = useMemo(() => searchForm(filters), [filters]);
  const infinite = settings.infinityScroll;
  const pageSize = validPageSize(configuredPageSize);

  const infiniteQuery = useInfiniteDesignSearch(form, pageSize, infinite && !waiting);
  const pageQuery = useDesignSearchPage(form, page, pageSize, !infinite && !waiting);
  const active = infinite ? infiniteQuery : pageQuery;
  const totalCount = infinite ? infiniteQuery.data?.pages[0]?.totalCount : pageQuery.data?.totalCount;
  // The first results paint on their own: the controls and the cards' actions render after that
  // paint, not in the same task (it is the page's largest paint).
  const resultsPainted = usePaintedOnce(!active.isPending);
  const controls = resultsPainted ? loadedControls : undefined;
  const shownCardAction = resultsPainted ? cardAction : undefined;
  useScrollMemory(`${location.pathname}${location.search}`, Boolean(active.data) && !active.isPlaceholderData);
  // The page other features act on: the one on screen, or with infinite scroll the first one loaded.
  const shownPage = infinite ? infiniteQuery.data?.pages[0] : pageQuery.data;
  const shown: ShownSearch = {
    form,
    page: infinite ? 0 : page,
    pageSize,
    scope: infinite ? 'first' : 'page',
    complete: shownPage !== undefined && shownPage.totalCount <= pageSize,
    ready: shownPage !== undefined && !active.isPlaceholderData && !waiting && shownPage.results.length > 0,
  };

  const activeKeys = activeFilterKeys(filters, defaults);
  const drawerCount = activeKeys.filter((key) => !barFilters.includes(key)).length;

  /** A new search: its URL (page 0), added to the history unless the same field is still being typed into. */
  const search = (next: SearchFilters, options: { typing?: string } = {}) => {
    const replace = options.typing !== undefined && typingIn.current === options.typing;
    typingIn.current = options.typing ?? null;
    const nextParams = filtersToParams(next, 0, defaults);
    // The same search (e.g. the label mode without labels): no new history entry.
    if (nextParams.toString() === filtersToParams(filters, page, defaults).toString()) return;
    setParams(nextParams, { replace });
  };
  const change: FilterChange = (patch, options) => search({ ...filters, ...patch }, options);
  const clear = () => search(clearedFilters(filters, defaults));
  const changeLabelMode = (labelMode: LabelMode) => {
    updateClientSettings({ combineLabelSearch: labelMode === 'all' });
    change({ labelMode });
  };
  const goToPage = (next: number) => {
    typingIn.current = null;
    setParams(filtersToParams(filters, next, defaults));
  };
  const count = (value: number) => formatCount(value, i18n.resolvedLanguage);

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }} data-testid="welcome">
          {t('welcome', { name: account?.user.name ?? '' })}
        </Typography>
        {/* On a phone the search panel and the first results come first. */}
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {t('intro')}
        </Typography>
      </Box>

      {banner}

      <Paper
        variant="outlined"
        role="search"
        aria-label={t('filters.title')}
        sx={{
          // Sticky under the app bar where there is room for it; on a phone it would hide the results.
          position: { xs: 'static', md: 'sticky' },
          top: 64,
          zIndex: (theme) => theme.zIndex.appBar - 1,
          p: 1.5,
          // Its controls' height (a small field) while they load.
          minHeight: 66,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
        }}
      >
        {controls && (
          <controls.SearchBar
            filters={filters}
            onChange={change}
            onLabelModeChange={changeLabelMode}
            drawerCount={drawerCount}
            onOpenDrawer={() => setDrawerOpen(true)}
            clearDisabled={activeKeys.length === 0}
            onClear={clear}
            onInfiniteChange={() => setParams(filtersToParams(filters, 0, defaults), { replace: true })}
          />
        )}
      </Paper>

      {controls && <controls.ActiveFilters filters={filters} active={activeKeys} onRemove={(key) => search(withoutFilter(filters, key, defaults))} />}

      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, minHeight: 40 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} data-testid="result-count" data-count={totalCount ?? ''} aria-live="polite">
            {totalCount === undefined ? t('results.searching') : t('results.count', { count: totalCount, formatted: count(totalCount) })}
          </Typography>
          {(filters.similar || filters.color) && (
            <Typography variant="caption" color="text.secondary" data-testid="ranking-note">
              {filters.similar ? t('sort.bySimilarity') : t('sort.byColor')}
            </Typography>
          )}
        </Box>
        {controls && searchActions?.(shown)}
        {controls && <controls.SortSelect value={filters.order} onChange={(order) => change({ order })} />}
      </Stack>

      {infinite ? (
        <InfiniteResults query={infiniteQuery} pageSize={pageSize} hasFilters={activeKeys.length > 0} onClear={clear} cardAction={shownCardAction} />
      ) : (
        <PagedResults query={pageQuery} page={page} onPageChange={goToPage} pageSize={pageSize} hasFilters={activeKeys.length > 0} onClear={clear} cardAction={shownCardAction} />
      )}

      <WhenLoaded part={filterDrawer} load={drawerOpen}>
        {({ FilterDrawer }) => (
          <FilterDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            filters={filters}
            onChange={change}
            onClear={clear}
            activeCount={activeKeys.length}
            resultCount={totalCount}
            hidden={designFields.isPending ? restrictedFilters : hidden}
          />
        )}
      </WhenLoaded>
    </Stack>
  );
}
