import type { GridSortModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { joinSort, splitSort } from '../lib/sort';
import type { AnyEntry, EntriesPage, EntryTab, StatisticsSort } from '../types';
import { useEntryColumns, type EntryRow } from './entry-columns';
import { StatisticsGrid, type GridSorting } from './statistics-grid';

type Props = {
  tab: EntryTab;
  data: EntriesPage<AnyEntry> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: StatisticsSort;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: StatisticsSort) => void;
};

/** One page of the tab's entries: paged and sorted by the server (the grid only shows what it answered). */
export function EntriesGrid({ tab, data, loading, page, pageSize, sort, onPageChange, onPageSizeChange, onSortChange }: Props) {
  const { t } = useTranslation('statistics');
  const columns = useEntryColumns(tab);
  const rows = useMemo<EntryRow[]>(() => (data?.items ?? []).map((item, index) => ({ ...item, id: `${data?.currentPage ?? 0}-${index}` })), [data]);
  // A stable model: the grid takes a new sort model for a new order and goes back to the first page.
  const sortModel = useMemo<GridSortModel>(() => {
    const { field, direction } = splitSort(sort);
    return [{ field, sort: direction }];
  }, [sort]);
  const sorting: GridSorting = { model: sortModel, onChange: (model) => onSortChange(joinSort(model[0]?.field, model[0]?.sort)) };

  return (
    <StatisticsGrid
      label={t('table.label', { tab: t(`tabs.${tab}`) })}
      rows={rows}
      columns={columns}
      rowCount={data?.totalCount ?? 0}
      loading={loading}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      sorting={sorting}
      testId="statistics-grid"
    />
  );
}
