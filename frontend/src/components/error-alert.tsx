import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { deferred, WhenLoaded } from '@/lib/deferred';
import { errorCodeOf } from '@/lib/error-message';

/** MUI's Alert: a chunk of its own (a failure is rare, and every first paint would carry it). */
const alert = deferred(() => import('@mui/material/Alert'));

type Props = { error: unknown; onRetry?: () => void };

/**
 * A failure, translated by its server `code` (errors.json), in MUI's Alert; the same words and
 * retry as plain text until the Alert's chunk is there (or when it cannot load: offline).
 */
export function ErrorAlert({ error, onRetry }: Props) {
  const { t } = useTranslation(['common', 'errors']);
  if (!error) return null;
  const code = errorCodeOf(error);
  // The errors' words come with the shared part (lib/i18n.ts): until then, the first part's own.
  const message = t([`errors:${code}`, 'failure']);
  const retry = onRetry ? (
    <Button color="inherit" size="small" onClick={onRetry}>
      {t('actions.retry')}
    </Button>
  ) : undefined;
  const attributes = { 'data-testid': 'error-alert', 'data-code': code };
  return (
    <WhenLoaded
      part={alert}
      load
      fallback={
        <Typography component="div" role="alert" color="error" sx={{ my: 1 }} {...attributes}>
          {message} {retry}
        </Typography>
      }
    >
      {({ default: Alert }) => (
        <Alert severity="error" sx={{ my: 1 }} action={retry} {...attributes}>
          {message}
        </Alert>
      )}
    </WhenLoaded>
  );
}
