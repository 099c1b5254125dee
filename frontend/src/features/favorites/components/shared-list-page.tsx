import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { ArrowBackIcon } from '@/components/icons/arrow-back-icon';
import { PageSpinner } from '@/components/page-spinner';
import { formatDateTimeShort } from '@/lib/format';
import { useImageUrl } from '@/lib/image-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSharedList } from '../api/get-shared-list';

/** Admin → a shared list (/admin/shared-lists/{id}, the studio mail's link): who sent it and its colorways; read-only. */
export function SharedListPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['favorites', 'admin']);
  const shared = useSharedList(id);
  const imageUrl = useImageUrl();
  const list = shared.data;
  useDocumentTitle(list?.name ?? t('admin:menu.sharedLists'));
  const locale = i18n.resolvedLanguage;

  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/admin/shared-lists" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('admin:menu.sharedLists')}
      </Button>
      {shared.isPending && <PageSpinner />}
      <ErrorAlert error={shared.error} onRetry={() => void shared.refetch()} />
      {list && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="shared-list" data-list={list.name}>
          <Typography variant="h1">{list.name}</Typography>
          <Typography color="text.secondary" data-testid="shared-by">
            {t('shared.by', {
              user: list.userName,
              email: list.userEmail,
              company: list.customerName ?? '—',
              date: formatDateTimeShort(list.sharedAt, locale),
            })}
          </Typography>
          <Typography color="text.secondary">{t('lists.count', { count: list.entryCount })}</Typography>
          <Box sx={{ mt: 2, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
            {list.entries.map((entry) => (
              <Card key={entry.colorwayGuid} variant="outlined" data-testid="shared-entry">
                <CardActionArea component={RouterLink} to={`/design/${encodeURIComponent(entry.designGuid)}/${encodeURIComponent(entry.colorwayGuid)}`}>
                  <Box
                    component="img"
                    src={imageUrl(entry.thumbnail)}
                    alt=""
                    loading="lazy"
                    width={180}
                    height={240}
                    sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '3 / 4', objectFit: 'cover', bgcolor: 'action.hover' }}
                  />
                  <CardContent sx={{ py: 1 }}>
                    <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                      {entry.designName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {entry.colorwayName}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
