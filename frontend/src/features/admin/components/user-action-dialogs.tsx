import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useChangeAccountState } from '../api/change-account-state';
import { useResetAuthenticator } from '../api/reset-authenticator';
import { useResetPassword } from '../api/reset-password';
import { useSetLoginCondition } from '../api/set-login-condition';
import type { AdminUser, UserStatus } from '../types';
import { AssignPasswordDialog } from './assign-password-dialog';
import { AssignPoolDialog } from './assign-pool-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { LoginRestrictionDialog, restrictionOf } from './login-restriction-dialog';
import type { RowAction } from './user-row-menu';

export type PendingAction = { action: RowAction; user: AdminUser };

const stateOf = { suspend: 'stopped', cancel: 'cancelled' } as const satisfies Partial<Record<RowAction, UserStatus>>;

/** The dialog or confirmation of the row action being taken (activation needs none); `null` shows nothing. */
export function UserActionDialogs({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const showError = useErrorToast();
  const resetPassword = useResetPassword();
  const resetAuthenticator = useResetAuthenticator();
  const changeState = useChangeAccountState();
  const setCondition = useSetLoginCondition();

  if (!pending) return null;
  const { action, user } = pending;

  switch (action) {
    case 'edit':
      return <EditUserDialog key={user.userGuid} user={user} onClose={onClose} />;
    case 'assignPassword':
      return <AssignPasswordDialog key={user.userGuid} user={user} onClose={onClose} />;
    case 'assignPool':
      return <AssignPoolDialog key={user.userGuid} user={user} onClose={onClose} />;
    case 'loginCondition':
      return (
        <LoginRestrictionDialog
          key={user.userGuid}
          title={t('users.restriction.title', { name: user.name })}
          initial={restrictionOf(user)}
          pending={setCondition.isPending}
          error={setCondition.error}
          onClose={() => {
            setCondition.reset();
            onClose();
          }}
          onSubmit={(restriction) =>
            setCondition.mutate(
              { userGuid: user.userGuid, restriction },
              {
                onSuccess: () => {
                  toast(t('users.done.loginCondition'), 'success');
                  setCondition.reset();
                  onClose();
                },
              },
            )
          }
        />
      );
    case 'resetPassword':
      return (
        <ConfirmDialog
          open
          title={t('users.confirm.resetPasswordTitle', { name: user.name })}
          confirmLabel={t('users.menu.resetPassword')}
          pending={resetPassword.isPending}
          onClose={onClose}
          onConfirm={() =>
            resetPassword.mutate(
              { userGuid: user.userGuid },
              { onSuccess: () => toast(t('users.done.resetPassword', { email: user.email }), 'success'), onError: showError, onSettled: onClose },
            )
          }
        >
          {t('users.confirm.resetPasswordBody', { email: user.email })}
        </ConfirmDialog>
      );
    case 'resetAuthenticator':
      return (
        <ConfirmDialog
          open
          destructive
          title={t('users.confirm.resetAuthenticatorTitle', { name: user.name })}
          confirmLabel={t('users.menu.resetAuthenticator')}
          pending={resetAuthenticator.isPending}
          onClose={onClose}
          onConfirm={() =>
            resetAuthenticator.mutate(
              { userGuid: user.userGuid },
              { onSuccess: () => toast(t('users.done.resetAuthenticator'), 'success'), onError: showError, onSettled: onClose },
            )
          }
        >
          {t('users.confirm.resetAuthenticatorBody')}
        </ConfirmDialog>
      );
    case 'suspend':
    case 'cancel': {
      const state = stateOf[action];
      return (
        <ConfirmDialog
          open
          destructive
          title={t(`users.confirm.${action}Title`, { name: user.name })}
          confirmLabel={t(`users.menu.${action}`)}
          pending={changeState.isPending}
          onClose={onClose}
          onConfirm={() =>
            changeState.mutate(
              { userGuid: user.userGuid, state },
              { onSuccess: () => toast(t('users.done.state', { status: t(`users.status.${state}`) }), 'success'), onError: showError, onSettled: onClose },
            )
          }
        >
          {t(`users.confirm.${action}Body`)}
        </ConfirmDialog>
      );
    }
    default:
      return null;
  }
}
