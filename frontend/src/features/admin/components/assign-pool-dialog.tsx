import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { useAssignPool } from '../api/assign-pool';
import type { AdminUser } from '../types';
import { PoolSelect } from './user-fields';

/** Give a user a pool (which designs they see), or none: the open archive. */
export function AssignPoolDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const titleId = useId();
  const toast = useToast();
  const assign = useAssignPool();
  const [bagId, setBagId] = useState(user.poolGuid ?? '');

  const save = () =>
    assign.mutate(
      { userGuid: user.userGuid, bagId },
      {
        onSuccess: () => {
          toast(t(bagId ? 'users.done.assignPool' : 'users.done.removePool'), 'success');
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={assign.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('users.pool.title', { name: user.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <PoolSelect label={t('users.pool.label')} emptyLabel={t('users.pool.none')} value={bagId} onChange={setBagId} />
          <ErrorAlert error={assign.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={assign.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" onClick={save} loading={assign.isPending}>
          {t('users.pool.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
