import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <Paper variant="outlined" sx={{ p: 4, m: 2 }}>
      <Typography variant="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notFound.body')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Paper>
  );
}
