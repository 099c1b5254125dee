import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '@/lib/router';
import { usePools } from '@/api/reference/get-pools';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { AddIcon } from '@/components/icons/add-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { EditIcon } from '@/components/icons/edit-icon';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { formatDateTime, formatDateTimeShort } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { Pool } from '@/types/pool';
import { useDeletePool } from '../api/delete-pool';
import type { UserOption } from '../types';
import { AssignUserDialog } from './assign-user-dialog';
import { ExplainDialog } from './explain-dialog';
import { PoolDialog } from './pool-dialog';

const columns = ['name', 'description', 'searches', 'designs', 'members', 'users', 'updated', 'actions'] as const;

/** Admin → Pools (/admin/pools). `?explainUser=&explainName=` opens "why can this user see this design?" for a user. */
export function PoolsPage() {
  const { t, i18n } = useTranslation(['pools', 'admin']);
  useDocumentTitle(t('admin:menu.pools'));
  const toast = useToast();
  const showError = useErrorToast();
  const pools = usePools();
  const remove = useDeletePool();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Pool | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Pool | null>(null);
  const [assigning, setAssigning] = useState<Pool | null>(null);
  const [explaining, setExplaining] = useState(false);
  const locale = i18n.resolvedLanguage;
  const explainUser = params.get('explainUser');
  const linkedUser: UserOption | null = explainUser ? { userGuid: explainUser, name: params.get('explainName') ?? explainUser, email: '' } : null;
  const closeExplain = () => {
    setExplaining(false);
    if (explainUser) setParams({}, { replace: true });
  };

  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={1} sx={{ p: 2, pb: 1, alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          {t('admin:menu.pools')}
        </Typography>
        <Button onClick={() => setExplaining(true)}>{t('pools:explain.open')}</Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('pools:create')}
        </Button>
      </Stack>
      {pools.isFetching && <LinearProgress />}
      <ErrorAlert error={pools.error} onRetry={() => void pools.refetch()} />
      <TableContainer>
        <Table size="small" aria-label={t('admin:menu.pools')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{t(`pools:columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pools.data?.map((pool) => (
              <TableRow key={pool.uniqueid} hover data-testid="pool-row">
                <TableCell>{pool.name}</TableCell>
                <TableCell>{pool.description || '—'}</TableCell>
                <TableCell align="right">{pool.searches.length}</TableCell>
                <TableCell align="right">{pool.designs.length}</TableCell>
                <TableCell align="right">{pool.memberCount.toLocaleString(locale)}</TableCell>
                <TableCell align="right">{pool.userCount.toLocaleString(locale)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(pool.updatedAt, locale)}>
                  {formatDateTimeShort(pool.updatedAt, locale)}
                </TableCell>
                <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={t('pools:edit', { name: pool.name })} onClick={() => setEditing(pool)}>
                    <EditIcon />
                  </IconButton>
                  <Button size="small" onClick={() => setAssigning(pool)}>
                    {t('pools:assign.button')}
                  </Button>
                  <IconButton aria-label={t('pools:delete.button', { name: pool.name })} onClick={() => setDeleting(pool)}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {pools.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{t('pools:empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && <PoolDialog key={editing === 'new' ? 'new' : editing.uniqueid} pool={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {assigning && <AssignUserDialog pool={assigning} onClose={() => setAssigning(null)} />}
      {(explaining || linkedUser) && <ExplainDialog initialUser={linkedUser} onClose={closeExplain} />}
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('pools:delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('pools:delete.confirm')}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.uniqueid, {
            onSuccess: () => toast(t('pools:delete.done', { name: deleting.name }), 'success'),
            onError: showError,
            onSettled: () => setDeleting(null),
          })
        }
      >
        {t('pools:delete.body', { count: deleting?.userCount ?? 0 })}
      </ConfirmDialog>
    </Paper>
  );
}
