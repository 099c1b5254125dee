import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { AppBarFrame } from './app-bar-frame';

/** Public pages that are not account screens (/dummy, /custom/*). */
export function PublicLayout() {
  return (
    <AppBarFrame>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        <Outlet />
      </Container>
    </AppBarFrame>
  );
}
