import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { formatDate } from '@/lib/format';
import { useUnviewed } from '../api/get-unviewed';
import { filtersKey } from '../lib/filters';
import { useLocaleFormat } from '../lib/use-locale-format';
import { usePage } from '../lib/use-page';
import type { StatisticsFilters, UnviewedDesign } from '../types';
import { DesignLink } from './design-link';
import { StatisticsGrid } from './statistics-grid';

const DEFAULT_PAGE_SIZE = 10;
const getRowId = (row: UnviewedDesign) => row.designGuid;

/** "Designs never viewed in this period": the designs nobody the filters admit looked at, newest upload first, with their count in the heading. */
export function UnviewedDesigns({ filters, enabled }: { filters: StatisticsFilters; enabled: boolean }) {
  const { t } = useTranslation('statistics');
  const { locale, number } = useLocaleFormat();
  const titleId = useId();
  const [page, setPage] = usePage(filtersKey(filters));
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const unviewed = useUnviewed({ filters, page, pageSize }, enabled);
  const columns = useMemo<GridColDef<UnviewedDesign>[]>(
    () => [
      {
        field: 'designNumber',
        headerName: t('columns.design'),
        minWidth: 160,
        flex: 1,
        renderCell: ({ row }) => <DesignLink designGuid={row.designGuid} number={row.designNumber} />,
      },
      {
        field: 'uploadDate',
        headerName: t('columns.uploadDate'),
        minWidth: 160,
        flex: 1,
        valueFormatter: (value: string) => formatDate(value, locale),
      },
    ],
    [t, locale],
  );

  return (
    <Box component="section" aria-labelledby={titleId} data-testid="statistics-unviewed">
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('unviewed.title', { total: unviewed.data ? number(unviewed.data.totalCount) : '—' })}
      </Typography>
      <ErrorAlert error={unviewed.error} onRetry={() => void unviewed.refetch()} />
      <StatisticsGrid
        label={t('unviewed.table')}
        rows={unviewed.data?.items ?? []}
        columns={columns}
        getRowId={getRowId}
        rowCount={unviewed.data?.totalCount ?? 0}
        loading={unviewed.isFetching}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        noRowsLabel={t('unviewed.empty')}
        testId="statistics-unviewed-grid"
      />
    </Box>
  );
}
