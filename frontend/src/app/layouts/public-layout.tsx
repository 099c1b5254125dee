import Container from '@mui/material/Container';
import { Outlet } from '@/lib/router';
import { AppBarFrame } from './app-bar-frame';

/**
 * Public pages that are not account screens (/dummy, /custom/*): their visitors may have no
 * account, so the brand leads nowhere (the archive would only ask them to sign in).
 */
export function PublicLayout() {
  return (
    <AppBarFrame brandTo={null}>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        <Outlet />
      </Container>
    </AppBarFrame>
  );
}
