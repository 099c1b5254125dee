import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layout/auth-layout';
import { AutoLoginStatus } from '@/features/auth/components/auto-login-status';

export function AutoLoginRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('autoLogin.title')}>
      <AutoLoginStatus />
    </AuthLayout>
  );
}
