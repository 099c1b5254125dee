import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShare } from '@/lib/format';
import { downloadRate } from '../lib/funnel';
import { useLocaleFormat } from '../lib/use-locale-format';
import { funnelSteps, type FunnelBy, type FunnelPage, type FunnelRow } from '../types';
import { DesignLink } from './design-link';
import { StatisticsGrid } from './statistics-grid';

type Props = {
  by: FunnelBy;
  data: FunnelPage | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

const getRowId = (row: FunnelRow) => row.key;

/** A page of the funnel, most viewed first (the server's order: the columns do not sort): each step's count and the download rate. */
export function FunnelGrid({ by, data, loading, page, pageSize, onPageChange, onPageSizeChange }: Props) {
  const { t } = useTranslation('statistics');
  const { locale, number } = useLocaleFormat();
  const columns = useMemo<GridColDef<FunnelRow>[]>(
    () => [
      {
        field: 'name',
        headerName: t(`columns.${by}`),
        minWidth: 180,
        flex: 1.5,
        renderCell: by === 'design' ? ({ row }) => <DesignLink designGuid={row.key} number={row.name} /> : undefined,
      },
      ...funnelSteps.map<GridColDef<FunnelRow>>((step) => ({
        field: step,
        headerName: t(`funnel.steps.${step}`),
        type: 'number',
        minWidth: 110,
        flex: 0.7,
        valueFormatter: (value: number) => number(value),
      })),
      {
        field: 'conversion',
        headerName: t('funnel.conversion'),
        description: t('funnel.conversion'),
        type: 'number',
        minWidth: 200,
        flex: 1,
        valueGetter: (_value, row) => downloadRate(row),
        valueFormatter: (value: number | null) => (value === null ? '—' : formatShare(value, locale)),
      },
    ],
    [by, t, locale, number],
  );

  return (
    <StatisticsGrid
      label={t(`funnel.table.${by}`)}
      rows={data?.items ?? []}
      columns={columns}
      getRowId={getRowId}
      rowCount={data?.totalCount ?? 0}
      loading={loading}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      noRowsLabel={t('funnel.empty')}
      testId="statistics-funnel-grid"
    />
  );
}
