import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from '@/lib/router';
import { ConfiguredLanguage } from '@/components/configured-language';
import { useRecordLocationHistory } from '@/lib/location-history';

export function RootRoute() {
  // Lets "back to results" buttons tell whether Back leads to the page they name.
  useRecordLocationHistory();
  return (
    <>
      {/* Every page, the sign-in page too: the studio may impose the language. */}
      <ConfiguredLanguage />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * A render failure or a chunk that could not load: a translated notice, never a stack trace. Made
 * of the entry's own parts and words only: the failure may be that no chunk loads.
 */
export function RootErrorBoundary() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 4 }}>
      <Typography component="div" role="alert" color="error" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {t('failure')}
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('actions.retry')}
        </Button>
      </Typography>
    </Box>
  );
}
