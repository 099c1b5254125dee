import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { useRecoveryCodesLeft, useRegenerateRecoveryCodes } from '../api/recovery-codes';
import { RecoveryCodesList } from './recovery-codes-list';

/** The signed-in admin's recovery codes: how many are left, and new ones made on demand (shown once). */
export function RecoveryCodesSection() {
  const { t } = useTranslation('auth');
  const left = useRecoveryCodesLeft();
  const regenerate = useRegenerateRecoveryCodes();
  const [asking, setAsking] = useState(false);
  const codes = regenerate.data?.recoveryCodes;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="recovery-codes-title">
      <Typography variant="h2" id="recovery-codes-title" sx={{ mb: 1 }}>
        {t('recoveryCodes.title')}
      </Typography>
      <Typography color="text.secondary">{t('recoveryCodes.intro')}</Typography>
      {left.isPending ? (
        <Skeleton width={240} />
      ) : left.isError ? (
        <ErrorAlert error={left.error} onRetry={() => void left.refetch()} />
      ) : (
        <Typography sx={{ my: 1 }} data-testid="recovery-codes-left">
          {t('recoveryCodes.left', { count: left.data.recoveryCodesLeft })}
        </Typography>
      )}
      {codes && <RecoveryCodesList codes={codes} />}
      <ErrorAlert error={regenerate.error} />
      <Button variant="outlined" onClick={() => setAsking(true)} loading={regenerate.isPending}>
        {t('recoveryCodes.regenerate')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('recoveryCodes.regenerate')}
        confirmLabel={t('recoveryCodes.regenerate')}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          regenerate.mutate();
        }}
      >
        {t('recoveryCodes.regenerateWarning')}
      </ConfirmDialog>
    </Paper>
  );
}
