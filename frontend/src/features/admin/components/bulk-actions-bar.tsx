import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useBulkChangeAccountState } from '../api/bulk-change-account-state';
import { useBulkResetPassword } from '../api/bulk-reset-password';
import { useBulkSetLoginCondition } from '../api/bulk-set-login-condition';
import type { BulkAnswer } from '../types';
import { LoginRestrictionDialog, restrictionOf } from './login-restriction-dialog';

const stateActions = [
  { state: 'active', label: 'activate' },
  { state: 'stopped', label: 'suspend' },
  { state: 'cancelled', label: 'cancel' },
] as const;
type Confirmable = 'resetPassword' | (typeof stateActions)[number]['state'];

type Props = { userGuids: string[]; onDone: () => void };

/** What can be done to every selected user at once; each asks first and reports how many changed. */
export function BulkActionsBar({ userGuids, onDone }: Props) {
  const { t } = useTranslation(['admin', 'common']);
  const toast = useToast();
  const showError = useErrorToast();
  const resetPasswords = useBulkResetPassword();
  const changeState = useBulkChangeAccountState();
  const setCondition = useBulkSetLoginCondition();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [restricting, setRestricting] = useState(false);
  const count = userGuids.length;

  const handlers = {
    onSuccess: ({ changed }: BulkAnswer) => {
      toast(t('users.bulk.changed', { count: changed }), 'success');
      onDone();
    },
    onError: showError,
    onSettled: () => setConfirming(null),
  };

  const confirm = () => {
    if (confirming === 'resetPassword') resetPasswords.mutate({ userGuids }, handlers);
    else if (confirming) changeState.mutate({ userGuids, state: confirming }, handlers);
  };

  if (count === 0) return null;
  return (
    <Paper variant="outlined" role="region" aria-label={t('users.bulk.selected', { count })} sx={{ mx: 2, my: 1, px: 2, py: 1, bgcolor: 'action.selected' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ mr: 1, fontWeight: 600 }}>{t('users.bulk.selected', { count })}</Typography>
        <Button size="small" onClick={() => setConfirming('resetPassword')}>
          {t('users.bulk.resetPassword')}
        </Button>
        <Button size="small" onClick={() => setRestricting(true)}>
          {t('users.bulk.loginCondition')}
        </Button>
        {stateActions.map(({ state, label }) => (
          <Button key={state} size="small" color={state === 'active' ? 'primary' : 'error'} onClick={() => setConfirming(state)}>
            {t(`users.bulk.${label}`)}
          </Button>
        ))}
        <Button size="small" color="inherit" onClick={onDone} sx={{ ml: 'auto' }}>
          {t('users.bulk.clearSelection')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        destructive={confirming === 'stopped' || confirming === 'cancelled'}
        title={t('users.bulk.confirmTitle', { count })}
        confirmLabel={t('common:actions.confirm')}
        pending={resetPasswords.isPending || changeState.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      >
        {confirming && t(`users.bulk.confirm.${confirming}`)}
      </ConfirmDialog>
      {restricting && (
        <LoginRestrictionDialog
          title={t('users.restriction.bulkTitle', { count })}
          initial={restrictionOf(null)}
          pending={setCondition.isPending}
          error={setCondition.error}
          onClose={() => {
            setCondition.reset();
            setRestricting(false);
          }}
          onSubmit={(restriction) =>
            setCondition.mutate(
              { userGuids, restriction },
              {
                ...handlers,
                onSettled: undefined,
                onSuccess: (answer) => {
                  setRestricting(false);
                  setCondition.reset();
                  handlers.onSuccess(answer);
                },
              },
            )
          }
        />
      )}
    </Paper>
  );
}
