import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { funnelByOf, param, parseFilters, tabOf, withFilters, withFunnelBy } from '../lib/filters';
import { DEFAULT_SORT, statisticTabs, type FunnelBy, type StatisticTab, type StatisticsFilters, type StatisticsSort } from '../types';
import { FunnelPanel } from './funnel-panel';
import { StatisticsFiltersBar } from './statistics-filters-bar';
import { StatisticsPanel } from './statistics-panel';

const tabId = (tab: StatisticTab) => `statistics-tab-${tab}`;
const PANEL_ID = 'statistics-panel';
const DEFAULT_PAGE_SIZE = 25;

/**
 * Admin → Statistics (/admin/statistics): one tab per statistic (labels, CAD downloads, sign-ins,
 * colorway views) and the funnel over the same filters; the tab, the filters and the funnel's rows
 * (per design or company) live in the URL.
 */
export function StatisticsPage() {
  const { t } = useTranslation(['statistics', 'admin']);
  useDocumentTitle(t('admin:menu.statistics'));
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const filters = useMemo(() => parseFilters(params), [params]);
  const funnelBy = funnelByOf(params);
  // The order and the page size stay as chosen across tabs and filters.
  const [sort, setSort] = useState<StatisticsSort>(DEFAULT_SORT);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);

  // Each change is laid over the last one made here, not over the parameters this render saw:
  // navigations render in a transition, so a second change (a company, then at once a date range)
  // may come from a render that does not know the first yet, and would undo it.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const write = (next: URLSearchParams, replace: boolean) => {
    latest.current = next;
    setParams(next, { replace });
  };
  const changeTab = (next: StatisticTab) => {
    const updated = new URLSearchParams(latest.current);
    updated.set(param.tab, next);
    write(updated, false);
  };
  // Filters replace the history entry: the back button leaves the screen rather than undoing each keystroke.
  const changeFilters = (patch: Partial<StatisticsFilters>) =>
    write(withFilters(latest.current, { ...parseFilters(latest.current), ...patch }), true);
  const changeFunnelBy = (next: FunnelBy) => write(withFunnelBy(latest.current, next), false);

  return (
    <Paper variant="outlined">
      <Typography variant="h1" sx={{ p: 2, pb: 0 }}>
        {t('admin:menu.statistics')}
      </Typography>
      <Tabs value={tab} onChange={(_event, next: StatisticTab) => changeTab(next)} aria-label={t('tabs.label')} variant="scrollable" allowScrollButtonsMobile sx={{ px: 2 }}>
        {statisticTabs.map((id) => (
          <Tab key={id} value={id} label={t(`tabs.${id}`)} id={tabId(id)} aria-controls={PANEL_ID} />
        ))}
      </Tabs>
      <StatisticsFiltersBar filters={filters} onChange={changeFilters} />
      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)} sx={{ px: 2, pb: 2 }}>
        {/* Each tab's own panel: another tab's rows never show under this tab's columns. */}
        {tab === 'funnel' ? (
          <FunnelPanel filters={filters} by={funnelBy} onByChange={changeFunnelBy} pageSize={pageSize} onPageSizeChange={setPageSize} />
        ) : (
          <StatisticsPanel key={tab} tab={tab} filters={filters} sort={sort} onSortChange={setSort} pageSize={pageSize} onPageSizeChange={setPageSize} />
        )}
      </Box>
    </Paper>
  );
}
