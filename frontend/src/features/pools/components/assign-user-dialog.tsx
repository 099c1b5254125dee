import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { UserPicker } from '@/components/user-picker';
import { useToast } from '@/components/toast/toast-context';
import { useAssignPool } from '../api/assign-pool';
import type { Pool } from '@/types/pool';
import type { UserOption } from '../types';

/** Give a user this pool, from the pool screen. */
export function AssignUserDialog({ pool, onClose }: { pool: Pool; onClose: () => void }) {
  const { t } = useTranslation(['pools', 'common']);
  const toast = useToast();
  const assign = useAssignPool();
  const [user, setUser] = useState<UserOption | null>(null);

  const save = () => {
    if (!user) return;
    assign.mutate(
      { bagId: pool.uniqueid, userGuid: user.userGuid },
      {
        onSuccess: () => {
          toast(t('pools:assign.done', { user: user.name, pool: pool.name }), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('pools:assign.title', { name: pool.name })}
      onSubmit={save}
      onClose={onClose}
      pending={assign.isPending}
      submitDisabled={!user}
      error={assign.error}
      submitLabel={t('pools:assign.save')}
    >
      <UserPicker value={user} onChange={setUser} field={{ label: t('pools:userPicker.label') }} />
    </FormDialog>
  );
}
