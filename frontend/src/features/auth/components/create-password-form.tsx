import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { useToast } from '@/components/toast/toast-context';
import { checkNewPassword, type NewPasswordErrors } from '@/lib/validation';
import { useCreatePassword } from '../api/create-password';
import { useLinkParams } from '../lib/link-params';

/** Create password (spec sections 2 and 5): two entries, checked here as the server checks them. */
export function CreatePasswordForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const toast = useToast();
  const params = useLinkParams();
  const mail = params.get('mail') ?? '';
  const token = params.get('token') ?? '';
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const create = useCreatePassword();

  if (!token) {
    // Without the e-mail's link nothing can be saved: say so, and offer a new link (the reset
    // request mails one). Sent here by a sign-in (`mail` given), a link is on its way already.
    const request = mail ? `/reset-password?${new URLSearchParams({ mail })}` : '/reset-password';
    return (
      <>
        {mail ? (
          <Alert severity="info" data-testid="check-mail" sx={{ my: 2 }}>
            {t('createPassword.checkMail')}
          </Alert>
        ) : (
          <Alert severity="warning" data-testid="needs-link" sx={{ my: 2 }}>
            {t('createPassword.needsLink')}
          </Alert>
        )}
        {mail && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('createPassword.noMail')}
          </Typography>
        )}
        <Button component={RouterLink} to={request} variant={mail ? 'outlined' : 'contained'} fullWidth data-testid="request-link">
          {t('createPassword.requestLink')}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 2 }}>
          {t('createPassword.backToLogin')}
        </Link>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkNewPassword(password1, password2);
    setErrors(problems);
    if (problems.password1 || problems.password2) return;
    create.mutate(
      { mailAddress: mail, password1, password2, token },
      {
        onSuccess: () => {
          toast(t('createPassword.success'), 'success');
          void navigate('/login', { replace: true });
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('createPassword.title')}>
      {mail && <Typography color="text.secondary">{t('createPassword.intro', { mail })}</Typography>}
      <ErrorAlert error={create.error} />
      <input type="hidden" name="mailAddress" value={mail} />
      <input type="hidden" name="token" value={token} />
      <TextField
        label={t('createPassword.password1')}
        type="password"
        name="password1"
        autoComplete="new-password"
        required
        autoFocus
        value={password1}
        error={Boolean(errors.password1)}
        helperText={errors.password1 ? t(`errors:${errors.password1}`) : t('createPassword.rules')}
        onChange={(event) => setPassword1(event.target.value)}
      />
      <TextField
        label={t('createPassword.password2')}
        type="password"
        name="password2"
        autoComplete="new-password"
        required
        value={password2}
        error={Boolean(errors.password2)}
        helperText={errors.password2 ? t(`errors:${errors.password2}`) : undefined}
        onChange={(event) => setPassword2(event.target.value)}
      />
      <SubmitButton pending={create.isPending}>
        {t('createPassword.submit')}
      </SubmitButton>
    </Box>
  );
}
