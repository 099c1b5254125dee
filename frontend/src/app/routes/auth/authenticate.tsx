import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layout/auth-layout';
import { SecondFactorForm } from '@/features/auth/components/second-factor-form';

export function AuthenticateRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('authenticate.title')}>
      <SecondFactorForm />
    </AuthLayout>
  );
}
