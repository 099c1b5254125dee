import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from '@/lib/router';
import { isApiError } from '@/api/api-error';
import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { isLocale } from '@/lib/locale';
import { safeRedirect } from '@/lib/redirect';
import { clearSession } from '@/lib/session';
import { useLogin } from '../api/login';
import { pathAfterSignIn } from '../lib/sign-in';

/** Login screen (spec section 2): e-mail, password, remember me, forgot-password link. */
export function LoginForm() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const expired = params.get('expired') === 'true';
  const [mailAddress, setMailAddress] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const login = useLogin();

  useEffect(() => {
    // The session is over (the guard or an API answer said so): forget user and token.
    if (expired) clearSession();
  }, [expired]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { mailAddress: mailAddress.trim(), password, remember, language: isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en' },
      {
        onSuccess: (signIn) => void navigate(pathAfterSignIn(signIn, redirect), { replace: true }),
        onError: (error) => {
          // Code 6: the account has no password yet; a fresh link was e-mailed.
          if (isApiError(error) && (error.responseCode === 6 || error.code === 'password_required')) {
            void navigate(`/create-password?${new URLSearchParams({ mail: mailAddress.trim() })}`);
          }
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('login.title')}>
      {expired && !login.isError && (
        <Alert severity="warning" data-testid="session-expired" sx={{ my: 1 }}>
          {t('login.expired')}
        </Alert>
      )}
      <ErrorAlert error={login.error} />
      <TextField
        label={t('login.email')}
        type="email"
        name="mailAddress"
        autoComplete="username"
        required
        autoFocus
        value={mailAddress}
        onChange={(event) => setMailAddress(event.target.value)}
      />
      <TextField
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} name="remember" />}
          label={t('login.remember')}
        />
        <Link component={RouterLink} to="/reset-password" variant="body2">
          {t('login.forgot')}
        </Link>
      </Box>
      <SubmitButton pending={login.isPending} disabled={!mailAddress.trim() || !password}>
        {t('login.submit')}
      </SubmitButton>
    </Box>
  );
}
