import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layout/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('login.title')}>
      <LoginForm />
    </AuthLayout>
  );
}
