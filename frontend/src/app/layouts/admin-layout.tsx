import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from '@/lib/router';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import { MenuIcon } from '@/components/icons/menu-icon';
import { AppBarFrame } from './app-bar-frame';

const DRAWER_WIDTH = 240;

/** The admin menu of spec section 2, in its order, with design import and edit (a route of section 2) before the settings. */
export const adminMenu = [
  { key: 'users', to: '/admin' },
  { key: 'pools', to: '/admin/pools' },
  { key: 'customers', to: '/admin/customers' },
  { key: 'sharedLists', to: '/admin/shared-lists' },
  { key: 'collections', to: '/admin/collections' },
  { key: 'specialLists', to: '/admin/special-lists' },
  { key: 'wearModels', to: '/admin/wear-models' },
  { key: 'statistics', to: '/admin/statistics' },
  { key: 'labels', to: '/admin/labels' },
  { key: 'pin', to: '/admin/pin' },
  { key: 'design', to: '/admin/design' },
  { key: 'settings', to: '/admin/settings' },
] as const;

/** The menu entry of an admin path: /admin itself is Users, the others own their sub-paths. */
export function adminPageOf(pathname: string) {
  const path = pathname.replace(/\/+$/, '') || '/';
  return adminMenu.find((item) => (item.to === '/admin' ? path === '/admin' : path === item.to || path.startsWith(`${item.to}/`)));
}

export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { account } = useSession();
  const page = adminPageOf(pathname);
  const logout = useLogout();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const menu = (
    <Box component="nav" aria-label={t('title')}>
      <Toolbar />
      {account && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2, display: { sm: 'none' } }}>
          {t('signedInAs', { name: account.user.name || account.user.email })}
        </Typography>
      )}
      <List>
        {adminMenu.map((item) => (
          <ListItemButton key={item.key} component={NavLink} to={item.to} end={item.to === '/admin'} onClick={close} sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}>
            <ListItemText primary={t(`menu.${item.key}`)} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <List>
        <ListItemButton component={NavLink} to="/" onClick={close}>
          <ListItemText primary={t('menu.backToArchive')} />
        </ListItemButton>
        <ListItemButton onClick={() => logout.mutate()} disabled={logout.isPending}>
          <ListItemText primary={t('menu.exit')} />
        </ListItemButton>
      </List>
    </Box>
  );

  return (
    <AppBarFrame
      start={
        wide ? undefined : (
          <IconButton color="inherit" edge="start" aria-label={t('openMenu')} onClick={() => setOpen(true)}>
            <MenuIcon />
          </IconButton>
        )
      }
      title={page ? t(`menu.${page.key}`) : t('title')}
      actions={
        account && (
          // Who is signed in: admins act for others, so the bar says whose session this is.
          <Typography
            variant="body2"
            noWrap
            title={account.user.email}
            data-testid="app-bar-user"
            sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 200, opacity: 0.9 }}
          >
            {t('signedInAs', { name: account.user.name || account.user.email })}
          </Typography>
        )
      }
    >
      <Box sx={{ display: 'flex' }}>
        <Drawer
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || open}
          onClose={close}
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {menu}
        </Drawer>
        <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </AppBarFrame>
  );
}
