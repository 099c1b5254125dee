import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { checkEmail } from '@/lib/validation';
import { useResetPassword } from '../api/reset-password';

/** Password reset request (spec section 2): one field, the mail address. */
export function ResetPasswordForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  // Coming from a page that knows the address (an expired link): it is filled in.
  const [mailAddress, setMailAddress] = useState(() => params.get('mail') ?? '');
  const [invalid, setInvalid] = useState(false);
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mail = mailAddress.trim();
    const problem = checkEmail(mail);
    setInvalid(problem !== null);
    if (!problem) reset.mutate(mail);
  };

  if (reset.isSuccess) {
    return (
      <>
        <Alert severity="success" data-testid="reset-sent" sx={{ my: 2 }}>
          {t('resetPassword.sent', { mail: reset.variables })}
        </Alert>
        <Link component={RouterLink} to="/login">
          {t('resetPassword.backToLogin')}
        </Link>
      </>
    );
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('resetPassword.title')}>
      <Typography color="text.secondary">{t('resetPassword.intro')}</Typography>
      <ErrorAlert error={reset.error} />
      <TextField
        label={t('resetPassword.email')}
        type="email"
        name="mailAddress"
        autoComplete="email"
        required
        autoFocus
        value={mailAddress}
        error={invalid}
        helperText={invalid ? t('errors:invalid_email') : undefined}
        onChange={(event) => setMailAddress(event.target.value)}
      />
      <SubmitButton pending={reset.isPending}>
        {t('resetPassword.submit')}
      </SubmitButton>
      <Link component={RouterLink} to="/login" variant="body2">
        {t('resetPassword.backToLogin')}
      </Link>
    </Box>
  );
}
