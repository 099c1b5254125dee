import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useAutoLogin } from '../api/auto-login';
import { pathAfterSignIn } from '../lib/sign-in';

/** /auto-login?token=…: spends the link and enters the app. */
export function AutoLoginStatus() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const linkToken = params.get('token');
  const autoLogin = useAutoLogin(linkToken);

  if (autoLogin.isSuccess) return <Navigate to={pathAfterSignIn(autoLogin.data, null)} replace />;
  if (linkToken && autoLogin.isPending) return <PageSpinner />;
  return (
    <>
      <Typography color="text.secondary">{t('autoLogin.failed')}</Typography>
      <ErrorAlert error={autoLogin.error ?? (linkToken ? null : new ApiError(400, 'token_invalid', 'no link token'))} />
      <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 2 }}>
        {t('autoLogin.toLogin')}
      </Button>
    </>
  );
}
