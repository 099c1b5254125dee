import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useAssignPool } from '../api/assign-pool';
import type { AdminUser } from '../types';
import { PoolSelect } from './user-fields';

/** Give a user a pool (which designs they see), or none: the open archive. */
export function AssignPoolDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const toast = useToast();
  const assign = useAssignPool();
  const [bagId, setBagId] = useState(user.poolGuid ?? '');

  const save = () =>
    assign.mutate(
      { userGuid: user.userGuid, bagId },
      {
        onSuccess: () => {
          toast(t(bagId ? 'users.done.assignPool' : 'users.done.removePool'), 'success');
          onClose();
        },
      },
    );

  return (
    <FormDialog
      title={t('users.pool.title', { name: user.name })}
      maxWidth="xs"
      onSubmit={save}
      onClose={onClose}
      pending={assign.isPending}
      error={assign.error}
      submitLabel={t('users.pool.save')}
    >
      <PoolSelect label={t('users.pool.label')} emptyLabel={t('users.pool.none')} value={bagId} onChange={setBagId} />
    </FormDialog>
  );
}
