import TablePagination from '@mui/material/TablePagination';

const PAGE_SIZES = [10, 25, 50, 100];

interface TablePagerProps {
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  rowsPerPageLabel: string;
  displayedRows: (range: { from: number; to: number; count: number }) => string;
}

/** Paging under an admin table: changing the page size goes back to the first page. */
export function TablePager({ count, page, pageSize, onPageChange, onPageSizeChange, rowsPerPageLabel, displayedRows }: TablePagerProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => {
        onPageSizeChange(Number(event.target.value));
        onPageChange(0);
      }}
      labelRowsPerPage={rowsPerPageLabel}
      labelDisplayedRows={displayedRows}
    />
  );
}
