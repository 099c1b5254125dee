import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';
import { ArrowBackIcon } from '@/components/icons/arrow-back-icon';

/** A design that does not exist or that the user may not see: the server answers both alike. */
export function DesignNotFound() {
  const { t } = useTranslation('design');
  return (
    <Paper variant="outlined" sx={{ p: 4 }} data-testid="design-not-found">
      <Typography variant="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.body')}
      </Typography>
      <Button component={RouterLink} to="/archive" variant="contained" startIcon={<ArrowBackIcon />} data-testid="back-to-archive">
        {t('notFound.backToArchive')}
      </Button>
    </Paper>
  );
}
