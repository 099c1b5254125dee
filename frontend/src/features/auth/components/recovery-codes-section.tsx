import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { FormDialog } from '@/components/form-dialog';
import { useRecoveryCodesLeft, useRegenerateRecoveryCodes } from '../api/recovery-codes';
import { RecoveryCodesList } from './recovery-codes-list';

/**
 * The signed-in admin's recovery codes: how many are left, and new ones made on demand (shown once)
 * after the admin proves the second factor again, with the authenticator or a recovery code.
 */
export function RecoveryCodesSection() {
  const { t } = useTranslation('auth');
  const left = useRecoveryCodesLeft();
  const regenerate = useRegenerateRecoveryCodes();
  const [asking, setAsking] = useState(false);
  const [proof, setProof] = useState('');
  const codes = regenerate.data?.recoveryCodes;
  const close = () => {
    setAsking(false);
    setProof('');
  };
  // Cancelled: a refusal shown in the dialog goes with it (the codes of a success stay).
  const cancel = () => {
    close();
    if (regenerate.isError) regenerate.reset();
  };

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
      <Button variant="outlined" onClick={() => setAsking(true)}>
        {t('recoveryCodes.regenerate')}
      </Button>
      <FormDialog
        open={asking}
        title={t('recoveryCodes.regenerate')}
        submitLabel={t('recoveryCodes.regenerate')}
        onClose={cancel}
        pending={regenerate.isPending}
        submitDisabled={!proof.trim()}
        error={regenerate.error}
        onSubmit={() => regenerate.mutate(proof.trim(), { onSuccess: close })}
      >
        <Typography>{t('recoveryCodes.regenerateWarning')}</Typography>
        <TextField
          label={t('recoveryCodes.proof')}
          helperText={t('recoveryCodes.proofHelp')}
          name="code"
          autoComplete="one-time-code"
          required
          autoFocus
          value={proof}
          onChange={(event) => setProof(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }}
        />
      </FormDialog>
    </Paper>
  );
}
