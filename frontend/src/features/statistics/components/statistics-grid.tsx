import { DataGrid, type GridColDef, type GridRowIdGetter, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { enUS, ruRU, trTR } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '@/lib/locale';

const PAGE_SIZES = [10, 25, 50, 100];
const gridLocales: Record<Locale, typeof enUS> = { en: enUS, tr: trTR, ru: ruRU };

/** The server's order as the grid shows it; without it the grid does not sort. */
export type GridSorting = { model: GridSortModel; onChange: (model: GridSortModel) => void };

type Props<R extends GridValidRowModel> = {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  columns: GridColDef<R>[];
  getRowId?: GridRowIdGetter<R>;
  /** Every row the server has for the request (not just the page). */
  rowCount: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sorting?: GridSorting;
  /** What an empty answer says instead of the grid's "No rows". */
  noRowsLabel?: string;
  testId: string;
};

/**
 * A statistics table: one page as the server answered it (paged, and sorted when `sorting` is
 * given, by the server), in the interface language; a new page size goes back to the first page.
 */
export function StatisticsGrid<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  getRowId,
  rowCount,
  loading,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  sorting,
  noRowsLabel,
  testId,
}: Props<R>) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const localeText = useMemo(() => {
    const text = (isLocale(language) ? gridLocales[language] : enUS).components.MuiDataGrid.defaultProps.localeText;
    return noRowsLabel ? { ...text, noRowsLabel } : text;
  }, [language, noRowsLabel]);
  // A stable model: the grid takes a new one for a new page or size.
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);

  return (
    <DataGrid
      label={label}
      rows={rows}
      columns={columns}
      getRowId={getRowId}
      rowCount={rowCount}
      loading={loading}
      paginationMode="server"
      paginationModel={paginationModel}
      pageSizeOptions={PAGE_SIZES}
      onPaginationModelChange={(model) => {
        if (model.pageSize !== pageSize) {
          onPageSizeChange(model.pageSize);
          onPageChange(0);
        } else onPageChange(model.page);
      }}
      {...(sorting ? { sortingMode: 'server', sortModel: sorting.model, onSortModelChange: sorting.onChange } : { disableColumnSorting: true })}
      disableColumnMenu
      disableColumnFilter
      disableRowSelectionOnClick
      autoHeight
      localeText={localeText}
      data-testid={testId}
    />
  );
}
