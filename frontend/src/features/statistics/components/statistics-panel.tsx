import Stack from '@mui/material/Stack';
import { ErrorAlert } from '@/components/error-alert';
import { useChart } from '../api/get-chart';
import { useEntries } from '../api/get-entries';
import { filtersKey, isRangeReversed } from '../lib/filters';
import { tabSources } from '../lib/tabs';
import { useLocaleFormat } from '../lib/use-locale-format';
import { usePage } from '../lib/use-page';
import type { EntryTab, StatisticsFilters, StatisticsSort } from '../types';
import { EntriesGrid } from './entries-grid';
import { ExportCsvButton } from './export-csv-button';
import { SummaryRow } from './summary-row';
import { TimeSeriesChart } from './time-series-chart';
import { TopLabelsChart } from './top-labels-chart';

type Props = {
  tab: EntryTab;
  filters: StatisticsFilters;
  sort: StatisticsSort;
  onSortChange: (sort: StatisticsSort) => void;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
};

/** One statistic under the filters: its summary, CSV export, chart(s) and the table of its entries. */
export function StatisticsPanel({ tab, filters, sort, onSortChange, pageSize, onPageSizeChange }: Props) {
  const { locale } = useLocaleFormat();
  // New filters start again on the first page; the page belongs to the filters it was chosen under.
  const [page, setPage] = usePage(filtersKey(filters));
  // A custom range that ends before it starts is not asked for: the filter bar says what to fix.
  const valid = !isRangeReversed(filters);
  const entries = useEntries({ tab, filters, page, pageSize, sort }, valid);
  const chart = useChart({ kind: tabSources[tab].chart, filters, language: locale }, valid);

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <SummaryRow summary={entries.data?.summary} />
        <ExportCsvButton request={{ tab, filters, sort }} disabled={!valid} />
      </Stack>
      <ErrorAlert error={chart.error} onRetry={() => void chart.refetch()} />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
        <TimeSeriesChart tab={tab} answer={chart.data} loading={chart.isFetching} />
        {tab === 'labels' && <TopLabelsChart top={chart.data?.top ?? []} loading={chart.isFetching && !chart.data} />}
      </Stack>
      <ErrorAlert error={entries.error} onRetry={() => void entries.refetch()} />
      <EntriesGrid
        tab={tab}
        data={entries.data}
        loading={entries.isFetching}
        page={page}
        pageSize={pageSize}
        sort={sort}
        onPageChange={setPage}
        onPageSizeChange={onPageSizeChange}
        onSortChange={(next) => {
          onSortChange(next);
          setPage(0);
        }}
      />
    </Stack>
  );
}
