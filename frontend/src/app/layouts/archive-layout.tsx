import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import { AppBarFrame } from './app-bar-frame';

/** The customer side: app bar with language switch, admin panel link (admins), sign out. */
export function ArchiveLayout() {
  const { t } = useTranslation();
  const { account } = useSession();
  const logout = useLogout();
  return (
    <AppBarFrame
      actions={
        <>
          {account?.isAdmin && (
            <Button color="inherit" component={RouterLink} to="/admin">
              {t('actions.adminPanel')}
            </Button>
          )}
          <Button color="inherit" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {t('actions.logout')}
          </Button>
        </>
      }
    >
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        <Outlet />
      </Container>
    </AppBarFrame>
  );
}
