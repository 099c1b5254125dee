import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';
import { FavoriteIcon } from '@/components/icons/favorite-icon';

/** No lists, or an empty list: what it means and the way to fill it (the archive). */
export function FavoritesEmpty({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation('favorites');
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }} data-testid={testId}>
      <Box sx={{ color: 'text.disabled', mb: 1 }}>
        <FavoriteIcon size={40} />
      </Box>
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('lists.emptyHint')}
      </Typography>
      <Button variant="outlined" component={RouterLink} to="/">
        {t('lists.toArchive')}
      </Button>
    </Paper>
  );
}
