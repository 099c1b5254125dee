import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from '@/lib/router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';

/** An address the app does not know: the way to the archive, and back where the user came from. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('notFound.title'));
  // The first page of a visit has the key "default": only a page reached in the app has one to go back to.
  const cameFrom = useLocation().key !== 'default';
  return (
    <Paper variant="outlined" sx={{ p: 4 }} data-testid="not-found">
      <Typography variant="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('notFound.body')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/" variant="contained">
          {t('notFound.home')}
        </Button>
        {cameFrom && <Button onClick={() => void navigate(-1)}>{t('notFound.back')}</Button>}
      </Stack>
    </Paper>
  );
}
