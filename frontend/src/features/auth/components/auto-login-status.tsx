import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { AuthLayout } from '@/components/layout/auth-layout';
import { PageSpinner } from '@/components/page-spinner';
import { useAutoLogin } from '../api/auto-login';
import { useLinkParams } from '../lib/link-params';
import { pathAfterSignIn } from '../lib/sign-in';

/**
 * /auto-login#token=…: spends the link and enters the app. The title follows what happens: while
 * the link is tried it says so, and a link that cannot be used says that instead (never "Signing
 * you in…" above an error), with the ways on: signing in, or a password reset.
 */
export function AutoLoginStatus() {
  const { t } = useTranslation('auth');
  const linkToken = useLinkParams().get('token');
  const autoLogin = useAutoLogin(linkToken);

  if (autoLogin.isSuccess) return <Navigate to={pathAfterSignIn(autoLogin.data, null)} replace />;
  if (linkToken && autoLogin.isPending) {
    return (
      <AuthLayout title={t('autoLogin.title')}>
        <PageSpinner />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('autoLogin.failed')}>
      {linkToken ? (
        <ErrorAlert error={autoLogin.error} />
      ) : (
        <Typography color="text.secondary" data-testid="auto-login-no-token">
          {t('autoLogin.noToken')}
        </Typography>
      )}
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          {t('autoLogin.toLogin')}
        </Button>
        <Button component={RouterLink} to="/reset-password" fullWidth>
          {t('autoLogin.resetPassword')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
