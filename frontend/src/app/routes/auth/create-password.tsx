import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layout/auth-layout';
import { CreatePasswordForm } from '@/features/auth/components/create-password-form';

export function CreatePasswordRoute() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('createPassword.title')}>
      <CreatePasswordForm />
    </AuthLayout>
  );
}
