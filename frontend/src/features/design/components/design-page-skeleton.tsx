import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** The page's shape while the design header loads. */
export function DesignPageSkeleton() {
  const { t } = useTranslation('design');
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={t('loading')} data-testid="design-loading">
      <Skeleton variant="text" width={180} sx={{ fontSize: '2rem' }} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Skeleton variant="rounded" height={540} />
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} variant="rounded" width={100} height={120} />
            ))}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={360} sx={{ mt: 2 }} />
        </Grid>
      </Grid>
    </Stack>
  );
}
