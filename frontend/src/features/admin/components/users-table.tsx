import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { AddIcon } from '@/components/icons/add-icon';
import { TablePager } from '@/components/table-pager';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { formatDateTime, formatDateTimeShort } from '@/lib/format';
import { useChangeAccountState } from '../api/change-account-state';
import { useUsers } from '../api/get-users';
import { emptyUserFilters } from '../lib/user-filters';
import { isUserStatus, type AdminUser, type UserFilters, type UserSort } from '../types';
import { AddUserDialog } from './add-user-dialog';
import { BulkActionsBar } from './bulk-actions-bar';
import { UserActionDialogs, type PendingAction } from './user-action-dialogs';
import { UserFiltersBar } from './user-filters-bar';
import { UserRowMenu, type RowAction } from './user-row-menu';

const statusColor = { active: 'success', stopped: 'warning', cancelled: 'default', expired: 'default' } as const;

type Column = { key: 'name' | 'email' | 'company' | 'status' | 'pool' | 'loginCondition' | 'lastLogin' | 'loginCount' | 'created'; sort?: UserSort; align?: 'right' };
const columns: readonly Column[] = [
  { key: 'name', sort: 'name' },
  { key: 'email', sort: 'email' },
  { key: 'company', sort: 'company' },
  { key: 'status', sort: 'status' },
  { key: 'pool' },
  { key: 'loginCondition' },
  { key: 'lastLogin', sort: 'lastLogin' },
  { key: 'loginCount', sort: 'loginCount', align: 'right' },
  { key: 'created', sort: 'created' },
];

type Props = { onShowHistory: (user: AdminUser) => void };

/** Admin → Users: filters, sortable columns, paging, row options and bulk actions. Pages count from 0. */
export function UsersTable({ onShowHistory }: Props) {
  const { t, i18n } = useTranslation('admin');
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useErrorToast();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [filters, setFilters] = useState<UserFilters>(emptyUserFilters);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const activate = useChangeAccountState();
  const deferredFilters = useDeferredValue(filters);
  const users = useUsers({ page, pageSize, filters: deferredFilters });
  const locale = i18n.resolvedLanguage;
  const rows = users.data?.items ?? [];
  const formatDate = (value: string | null) => (value ? formatDateTimeShort(value, locale) : t('users.never'));

  const changeFilters = (next: UserFilters) => {
    setFilters(next);
    setPage(0);
    setSelected(new Set());
  };
  const sortBy = (sort: UserSort) => changeFilters({ ...filters, sort, descending: filters.sort === sort ? !filters.descending : false });
  const toggle = (userGuid: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(userGuid)) next.add(userGuid);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((user) => selected.has(user.userGuid));
  const someSelected = rows.some((user) => selected.has(user.userGuid));

  const onAction = (action: RowAction, user: AdminUser) => {
    if (action === 'history') onShowHistory(user);
    else if (action === 'explain') void navigate(`/admin/pools?${new URLSearchParams({ explainUser: user.userGuid, explainName: user.name })}`);
    else if (action === 'activate')
      activate.mutate(
        { userGuid: user.userGuid, state: 'active' },
        {
          onSuccess: () => toast(t('users.done.state', { status: t('users.status.active') }), 'success'),
          onError: showError,
        },
      );
    else setPending({ action, user });
  };

  const condition = (user: AdminUser) => {
    const text = user.loginCondition === 'limited' && user.loginDayLimit ? t('users.condition.limited', { count: user.loginDayLimit }) : t('users.condition.unlimited');
    return user.allowedIps ? `${text} · ${t('users.condition.ipRestricted')}` : text;
  };

  return (
    <>
      <Stack direction="row" sx={{ px: 2, pt: 1, justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('users.add')}
        </Button>
      </Stack>
      <UserFiltersBar filters={filters} onChange={changeFilters} onClear={() => changeFilters({ ...emptyUserFilters, sort: filters.sort, descending: filters.descending })} />
      <BulkActionsBar userGuids={[...selected]} onDone={() => setSelected(new Set())} />
      {users.isFetching && <LinearProgress />}
      <ErrorAlert error={users.error} onRetry={() => void users.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('menu.users')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((user) => user.userGuid)))}
                  slotProps={{ input: { 'aria-label': t('users.select.all') } }}
                />
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sortDirection={column.sort && filters.sort === column.sort ? (filters.descending ? 'desc' : 'asc') : false}>
                  {column.sort ? (
                    <TableSortLabel active={filters.sort === column.sort} direction={filters.sort === column.sort && filters.descending ? 'desc' : 'asc'} onClick={() => sortBy(column.sort!)}>
                      {t(`users.columns.${column.key}`)}
                    </TableSortLabel>
                  ) : (
                    t(`users.columns.${column.key}`)
                  )}
                </TableCell>
              ))}
              <TableCell>{t('users.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((user) => (
              <TableRow key={user.userGuid} hover selected={selected.has(user.userGuid)} data-testid="user-row">
                <TableCell padding="checkbox">
                  <Checkbox checked={selected.has(user.userGuid)} onChange={() => toggle(user.userGuid)} slotProps={{ input: { 'aria-label': t('users.select.row', { name: user.name }) } }} />
                </TableCell>
                <TableCell>{user.name}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{user.companyName ?? '—'}</TableCell>
                <TableCell>
                  {isUserStatus(user.status) ? <Chip size="small" color={statusColor[user.status]} label={t(`users.status.${user.status}`)} /> : user.status}
                </TableCell>
                <TableCell>{user.poolName ?? '—'}</TableCell>
                <TableCell>{condition(user)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : undefined} data-testid="user-last-login">
                  {formatDate(user.lastLoginAt)}
                </TableCell>
                <TableCell align="right">{user.loginCount.toLocaleString(locale)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(user.createdAt, locale)} data-testid="user-created">
                  {formatDate(user.createdAt)}
                </TableCell>
                <TableCell padding="none">
                  <UserRowMenu user={user} onAction={(action) => onAction(action, user)} />
                </TableCell>
              </TableRow>
            ))}
            {users.data?.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 2}>{t('users.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        count={users.data?.totalCount ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => {
          setPage(next);
          setSelected(new Set());
        }}
        onPageSizeChange={setPageSize}
        rowsPerPageLabel={t('users.rowsPerPage')}
        displayedRows={({ from, to, count }) => t('users.displayedRows', { from, to, count })}
      />
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <UserActionDialogs pending={pending} onClose={() => setPending(null)} />
    </>
  );
}
