import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
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
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUsers } from '../api/get-users';
import type { UserStatus } from '../types';

const statuses: readonly UserStatus[] = ['active', 'stopped', 'cancelled', 'expired'];
const statusColor = { active: 'success', stopped: 'warning', cancelled: 'default', expired: 'default' } as const;

function isStatus(value: string): value is UserStatus {
  return (statuses as readonly string[]).includes(value);
}

const columns = ['name', 'email', 'company', 'status', 'admin', 'lastLogin', 'logins', 'created'] as const;

/** Admin → Users: the paged, searchable user list. Pages are counted from 0. */
export function UsersTable() {
  const { t, i18n } = useTranslation('admin');
  useDocumentTitle(t('menu.users'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const users = useUsers({ page, pageSize, query: deferredQuery });
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const formatDate = (value: string | null) => (value ? date.format(new Date(value)) : t('users.never'));

  return (
    <Paper variant="outlined">
      <Typography variant="h1" sx={{ p: 2, pb: 0 }}>
        {t('menu.users')}
      </Typography>
      <Box sx={{ px: 2, maxWidth: 480 }}>
        <TextField
          size="small"
          type="search"
          label={t('users.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(0);
          }}
        />
      </Box>
      {users.isFetching && <LinearProgress />}
      <ErrorAlert error={users.error} onRetry={() => void users.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('menu.users')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{t(`users.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {users.data?.items.map((user) => (
              <TableRow key={user.userGuid} hover>
                <TableCell>{user.name}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{user.companyName ?? '—'}</TableCell>
                <TableCell>
                  {isStatus(user.status) ? (
                    <Chip size="small" color={statusColor[user.status]} label={t(`users.status.${user.status}`)} />
                  ) : (
                    user.status
                  )}
                </TableCell>
                <TableCell>{user.isAdmin ? t('users.yes') : t('users.no')}</TableCell>
                <TableCell>{formatDate(user.lastLoginAt)}</TableCell>
                <TableCell align="right">{user.loginCount}</TableCell>
                <TableCell>{formatDate(user.createdAt)}</TableCell>
              </TableRow>
            ))}
            {users.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('users.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={users.data?.totalCount ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        rowsPerPageLabel={t('users.rowsPerPage')}
        displayedRows={({ from, to, count }) => t('users.displayedRows', { from, to, count })}
      />
    </Paper>
  );
}
