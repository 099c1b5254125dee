import Container from '@mui/material/Container';
import { NotFoundPage } from '@/components/not-found-page';
import { AppBarFrame } from '../layouts/app-bar-frame';

/** An unknown address: the app bar (brand, language) above the page, like every in-app page. */
export function NotFoundRoute() {
  return (
    <AppBarFrame>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        <NotFoundPage />
      </Container>
    </AppBarFrame>
  );
}
