import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
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
import { AddIcon } from '@/components/icons/add-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { TablePager } from '@/components/table-pager';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCustomers } from '../api/get-customers';
import { useSetCustomerVisibility } from '../api/set-visibility';
import type { Customer } from '../types';
import { AddCustomerDialog } from './add-customer-dialog';
import { DeleteCustomerDialog } from './delete-customer-dialog';

const columns = ['name', 'code', 'address', 'users', 'designs', 'visible', 'actions'] as const;

/** Admin → Customers (/admin/customers): search, add, delete and the visibility toggle. */
export function CustomersPage() {
  const { t, i18n } = useTranslation(['customers', 'admin']);
  useDocumentTitle(t('admin:menu.customers'));
  const showError = useErrorToast();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const deferredQuery = useDeferredValue(query.trim());
  const customers = useCustomers({ page, pageSize, query: deferredQuery });
  const visibility = useSetCustomerVisibility();
  const locale = i18n.resolvedLanguage;

  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={2} sx={{ p: 2, pb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h1">{t('admin:menu.customers')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('add.button')}
        </Button>
      </Stack>
      <Stack sx={{ px: 2, maxWidth: 480 }}>
        <TextField
          size="small"
          type="search"
          label={t('search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(0);
          }}
        />
      </Stack>
      {customers.isFetching && <LinearProgress />}
      <ErrorAlert error={customers.error} onRetry={() => void customers.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('admin:menu.customers')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column} align={column === 'users' || column === 'designs' ? 'right' : undefined}>
                  {t(`columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {customers.data?.items.map((customer) => (
              <TableRow key={customer.customerGuid} hover data-testid="customer-row">
                <TableCell>{customer.customerName}</TableCell>
                <TableCell>{customer.code || '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-line' }}>{customer.address || '—'}</TableCell>
                <TableCell align="right">{customer.userCount.toLocaleString(locale)}</TableCell>
                <TableCell align="right">{customer.designCount.toLocaleString(locale)}</TableCell>
                <TableCell>
                  <Switch
                    checked={customer.visible}
                    disabled={visibility.isPending && visibility.variables?.customerGuid === customer.customerGuid}
                    onChange={(event) =>
                      visibility.mutate(
                        { customerGuid: customer.customerGuid, visible: event.target.checked },
                        { onError: showError },
                      )
                    }
                    slotProps={{ input: { 'aria-label': t('visibleLabel', { name: customer.customerName }) } }}
                  />
                </TableCell>
                <TableCell padding="none">
                  <IconButton aria-label={t('delete.button', { name: customer.customerName })} onClick={() => setDeleting(customer)}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {customers.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={customers.data?.totalCount ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        rowsPerPageLabel={t('admin:users.rowsPerPage')}
        displayedRows={({ from, to, count }) => t('admin:users.displayedRows', { from, to, count })}
      />
      <AddCustomerDialog open={adding} onClose={() => setAdding(false)} />
      {deleting && <DeleteCustomerDialog key={deleting.customerGuid} customer={deleting} onClose={() => setDeleting(null)} />}
    </Paper>
  );
}
