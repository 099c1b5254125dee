import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreVertIcon } from '@/components/icons/more-vert-icon';
import type { AdminUser } from '../types';

export const rowActions = [
  'edit',
  'resetPassword',
  'assignPassword',
  'loginCondition',
  'assignPool',
  'resetAuthenticator',
  'activate',
  'suspend',
  'cancel',
  'history',
  'explain',
] as const;
export type RowAction = (typeof rowActions)[number];

/** The actions that make no sense for the user's current state. */
function hidden(action: RowAction, user: AdminUser): boolean {
  if (action === 'activate') return user.status === 'active';
  if (action === 'suspend') return user.status === 'stopped';
  if (action === 'cancel') return user.status === 'cancelled';
  if (action === 'resetAuthenticator') return !user.hasAuthenticator;
  return false;
}

/** The row options of spec section 2, behind one "more" button per row. */
export function UserRowMenu({ user, onAction }: { user: AdminUser; onAction: (action: RowAction) => void }) {
  const { t } = useTranslation('admin');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: RowAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <>
      <IconButton size="small" aria-label={t('users.menu.open', { name: user.name })} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {rowActions
          .filter((action) => !hidden(action, user))
          .flatMap((action) => [
            ...(action === 'activate' || action === 'history' ? [<Divider key={`${action}-divider`} />] : []),
            <MenuItem key={action} onClick={() => choose(action)}>
              {t(`users.menu.${action}`)}
            </MenuItem>,
          ])}
      </Menu>
    </>
  );
}
