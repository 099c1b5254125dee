import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layout/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('resetPassword.title')}>
      <ResetPasswordForm />
    </AuthLayout>
  );
}
