import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from '@/lib/router';
import { MenuIcon } from '@/components/icons/menu-icon';
import { useLogout } from '@/features/auth/api/logout';
import { useLists } from '@/features/favorites/api/get-lists';
import { deferred, WhenLoaded } from '@/lib/deferred';
import { useSession } from '@/lib/session';
import { AppBarFrame } from './app-bar-frame';
import type { PhoneMenuEntry } from './phone-menu';

/** The favorites' count on their page's button: MUI's Badge, a chunk of its own (the first paint shows the name without it). */
const badge = deferred(() => import('@mui/material/Badge'));

/** The phone's menu: a chunk of its own, loaded when it is opened (lib/deferred.ts). */
const phoneMenu = deferred(() => import('./phone-menu'));

/** The customer's pages, as the app bar lists them. */
const customerPages = [
  { key: 'archive', to: '/' },
  { key: 'boards', to: '/boards' },
  { key: 'favorites', to: '/favorites' },
] as const;

/** The collection pages a board leads to: the Boards entry owns them. */
const boardPaths = ['/boards', '/board-moods/', '/collections-mood-detail/', '/collections-design/'];

/** Is `pathname` on the page at `to` (the archive also owns the design pages it leads to)? */
function isCurrent(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/' || pathname.startsWith('/archive') || pathname.startsWith('/design/');
  if (to === '/boards') return boardPaths.some((path) => pathname.startsWith(path));
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The customer side: the pages (Archive, Boards, Favorites with the number of lists), language, admin panel (admins), sign out; on a phone the pages and actions in a menu. */
export function ArchiveLayout() {
  const { t } = useTranslation();
  const { account } = useSession();
  const logout = useLogout();
  const lists = useLists();
  const { pathname } = useLocation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const listCount = lists.data?.length ?? 0;
  const label = (key: (typeof customerPages)[number]['key']) => t(`nav.${key}`);

  const pages = customerPages.map((page) => {
    const current = isCurrent(pathname, page.to);
    const text = label(page.key);
    return { key: page.key, to: page.to, current, text: page.key === 'favorites' ? `${text} (${listCount})` : text, name: text };
  });

  const pageButtons = pages.map((page) => (
    <Button
      key={page.key}
      color="inherit"
      component={RouterLink}
      to={page.to}
      aria-current={page.current ? 'page' : undefined}
      data-testid={`nav-${page.key}`}
      sx={{ fontWeight: page.current ? 700 : 400, borderBottom: 2, borderColor: page.current ? 'common.white' : 'transparent', borderRadius: 0 }}
    >
      {page.key === 'favorites' ? (
        <WhenLoaded part={badge} load fallback={page.name}>
          {({ default: Badge }) => (
            <Badge badgeContent={listCount} color="secondary" max={999} data-testid="nav-favorites-count" data-count={listCount} sx={{ '& .MuiBadge-badge': { right: -10 } }}>
              {page.name}
            </Badge>
          )}
        </WhenLoaded>
      ) : (
        page.name
      )}
    </Button>
  ));

  const menuEntries: PhoneMenuEntry[] = [
    ...pages.map((page) => ({ key: page.key, to: page.to, text: page.text, selected: page.current, testId: `nav-${page.key}` })),
    ...(account?.isAdmin ? [{ key: 'admin', to: '/admin', text: t('actions.adminPanel') }] : []),
    { key: 'logout', text: t('actions.logout'), onClick: () => logout.mutate(), disabled: logout.isPending },
  ];

  const accountActions = [
    account?.isAdmin && (
      <Button key="admin" color="inherit" component={RouterLink} to="/admin">
        {t('actions.adminPanel')}
      </Button>
    ),
    <Button key="logout" color="inherit" onClick={() => logout.mutate()} disabled={logout.isPending}>
      {t('actions.logout')}
    </Button>,
  ];

  return (
    <AppBarFrame
      nav={phone ? undefined : pageButtons}
      actions={
        phone ? (
          <>
            <IconButton color="inherit" edge="end" aria-label={t('nav.menu')} onClick={(event) => setMenu(event.currentTarget)} data-testid="nav-menu">
              <MenuIcon />
            </IconButton>
            <WhenLoaded part={phoneMenu} load={Boolean(menu)}>
              {({ PhoneMenu }) => <PhoneMenu anchor={menu} onClose={() => setMenu(null)} entries={menuEntries} />}
            </WhenLoaded>
          </>
        ) : (
          accountActions
        )
      }
    >
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        <Outlet />
      </Container>
    </AppBarFrame>
  );
}
