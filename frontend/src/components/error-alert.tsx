import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '@/lib/error-message';

type Props = { error: unknown; onRetry?: () => void };

/** A failure, translated by its server `code` (errors.json). */
export function ErrorAlert({ error, onRetry }: Props) {
  const { t } = useTranslation(['common', 'errors']);
  if (!error) return null;
  const code = errorCodeOf(error);
  return (
    <Alert
      severity="error"
      data-testid="error-alert"
      data-code={code}
      sx={{ my: 1 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : undefined
      }
    >
      {t(`errors:${code}`)}
    </Alert>
  );
}
