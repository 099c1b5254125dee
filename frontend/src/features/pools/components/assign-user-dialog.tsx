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
import type { Pool, UserOption } from '../types';
import { UserPicker } from './user-picker';

/** Give a user this pool, from the pool screen. */
export function AssignUserDialog({ pool, onClose }: { pool: Pool; onClose: () => void }) {
  const { t } = useTranslation(['pools', 'common']);
  const titleId = useId();
  const toast = useToast();
  const assign = useAssignPool();
  const [user, setUser] = useState<UserOption | null>(null);

  return (
    <Dialog open onClose={assign.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('pools:assign.title', { name: pool.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <UserPicker value={user} onChange={setUser} />
          <ErrorAlert error={assign.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={assign.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!user}
          loading={assign.isPending}
          onClick={() =>
            user &&
            assign.mutate(
              { bagId: pool.uniqueid, userGuid: user.userGuid },
              {
                onSuccess: () => {
                  toast(t('pools:assign.done', { user: user.name, pool: pool.name }), 'success');
                  onClose();
                },
              },
            )
          }
        >
          {t('pools:assign.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
