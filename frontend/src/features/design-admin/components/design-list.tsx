import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { TablePager } from '@/components/table-pager';
import { Thumbnail } from '@/components/thumbnail';
import { formatDate } from '@/lib/format';
import { useDesignSearch } from '../api/search-designs';

const columns = ['preview', 'number', 'originalName', 'studio', 'type', 'uploaded', 'actions'] as const;

type Props = { onOpenDesign: (designGuid: string) => void };

/** The archive's designs for editing: search by number, original name, studio or notes; paged from 0. */
export function DesignList({ onOpenDesign }: Props) {
  const { t, i18n } = useTranslation('designAdmin');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const deferredQuery = useDeferredValue(query.trim());
  const designs = useDesignSearch({ query: deferredQuery, page, pageSize });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="designs-title">
      <Typography variant="h2" id="designs-title" sx={{ p: 2, pb: 0 }}>
        {t('designs.title')}
      </Typography>
      <Box sx={{ px: 2, maxWidth: 520 }}>
        <TextField
          size="small"
          type="search"
          label={t('designs.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(0);
          }}
        />
      </Box>
      {designs.isFetching && <LinearProgress />}
      <ErrorAlert error={designs.error} onRetry={() => void designs.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('designs.title')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} align={column === 'actions' ? 'right' : undefined}>
                  {t(`designs.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {designs.data?.items.map((design) => (
              <TableRow key={design.designGuid} hover data-testid="design-row" data-name={design.designName}>
                <TableCell sx={{ width: 72 }}>
                  <Thumbnail src={design.thumbnail} alt={design.designName} size={48} />
                </TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{design.designName}</TableCell>
                <TableCell>{design.originalName || '—'}</TableCell>
                <TableCell>{design.studio || '—'}</TableCell>
                <TableCell>{design.designType === 'rotary' || design.designType === 'digital' ? t(`designTypes.${design.designType}`) : design.designType}</TableCell>
                <TableCell>{formatDate(design.uploadDate, i18n.resolvedLanguage)}</TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => onOpenDesign(design.designGuid)} aria-label={t('designs.editDesign', { name: design.designName })}>
                    {t('designs.edit')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {designs.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('designs.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={designs.data?.totalCount ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        rowsPerPageLabel={t('designs.rowsPerPage')}
        displayedRows={({ from, to, count }) => t('designs.displayedRows', { from, to, count })}
      />
    </Paper>
  );
}
