import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The archive start page: greets the signed-in user (search and filters come later). */
export function ArchiveHome() {
  const { t } = useTranslation('archive');
  const { account } = useSession();
  useDocumentTitle(t('title'));
  return (
    <Paper variant="outlined" sx={{ p: 4 }}>
      <Typography variant="h1" gutterBottom data-testid="welcome">
        {t('welcome', { name: account?.user.name ?? '' })}
      </Typography>
      <Typography color="text.secondary">{t('intro')}</Typography>
    </Paper>
  );
}
