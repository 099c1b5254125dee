import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isKnownCode } from '@/api/api-error';
import { ErrorAlert } from '@/components/error-alert';
import { DownloadIcon } from '@/components/icons/download-icon';
import { formatBytes, formatDateTime } from '@/lib/format';
import { bundleFileUrl, isBundleBusy, useBundle } from '../api/get-bundle';
import type { CadBundle } from '../types';

/** A zip on its way: waiting, or so many colorways of so many done. */
function BundleProgress({ bundle }: { bundle: CadBundle }) {
  const { t } = useTranslation('cad');
  const building = bundle.state === 'building' && bundle.total > 0;
  return (
    <Box data-testid="cad-bundle-progress" data-state={bundle.state} data-done={bundle.done} data-total={bundle.total}>
      <Typography gutterBottom>{building ? t('bundle.building', { done: bundle.done, count: bundle.total }) : t('bundle.queued')}</Typography>
      <LinearProgress
        variant={building ? 'determinate' : 'indeterminate'}
        value={building ? Math.min(100, (100 * bundle.done) / bundle.total) : undefined}
        aria-label={t('bundle.progress')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('bundle.keepOpen')}
      </Typography>
    </Box>
  );
}

/** Where a zip is: its progress, its link and expiry once ready, or why it failed. */
function BundleStatus({ bundle }: { bundle: CadBundle }) {
  const { t, i18n } = useTranslation(['cad', 'errors']);
  const locale = i18n.resolvedLanguage;
  if (isBundleBusy(bundle)) return <BundleProgress bundle={bundle} />;
  if (bundle.state === 'failed') {
    return (
      <Alert severity="error" data-testid="cad-bundle-failed" data-code={bundle.error ?? ''}>
        <AlertTitle>{t('bundle.failed')}</AlertTitle>
        {t(`errors:${isKnownCode(bundle.error) ? bundle.error : 'generic'}`)}
      </Alert>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('bundle.ready', { size: formatBytes(bundle.bytes, locale) })}</Typography>
      <Button variant="contained" href={bundleFileUrl(bundle.id)} download={bundle.name} startIcon={<DownloadIcon />} data-testid="cad-bundle-link">
        {t('bundle.link')}
      </Button>
      <Typography variant="body2" color="text.secondary" data-testid="cad-bundle-expires">
        {t('bundle.expires', { date: formatDateTime(bundle.expires, locale) })}
      </Typography>
    </Stack>
  );
}

/** The download-all zip, followed every second while the server builds it. */
export function BundleDialog({ bundleId, onClose }: { bundleId: string; onClose: () => void }) {
  const { t } = useTranslation(['cad', 'common']);
  const bundle = useBundle(bundleId);
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" data-testid="cad-bundle-dialog">
      <DialogTitle id={titleId}>{t('bundle.title')}</DialogTitle>
      <DialogContent>
        {bundle.data && (
          <Typography variant="body2" color="text.secondary" gutterBottom data-testid="cad-bundle-name">
            {bundle.data.name}
          </Typography>
        )}
        {bundle.isError ? (
          <ErrorAlert error={bundle.error} onRetry={() => void bundle.refetch()} />
        ) : bundle.data ? (
          <BundleStatus bundle={bundle.data} />
        ) : (
          <LinearProgress aria-label={t('bundle.progress')} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
