import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useStockPage } from '../api/get-stock-page';
import { isNotFound } from '../lib/not-found';
import { CoverImage } from './cover-image';
import { StateMessage } from './state-message';

/**
 * /custom/{slug}: a collection the studio published for one customer company, read without
 * signing in: the company, the collection and its designs at preview size. It leads nowhere else
 * (no design page, no tiles, no CAD): its visitors need not have an account.
 */
export function StockPage() {
  const { t } = useTranslation('collections');
  const params = useParams();
  // /custom/:slug, or the slug as the rest of a /custom/* route.
  const slug = params.slug ?? params['*'] ?? '';
  const page = useStockPage(slug);
  useDocumentTitle(page.data?.name ?? t('stock.title'));

  if (slug === '' || isNotFound(page.error)) {
    return <StateMessage title={t('stock.notAvailable')} hint={t('stock.notAvailableHint')} testId="stock-not-available" />;
  }
  if (page.isPending) return <PageSpinner />;
  if (page.error) return <ErrorAlert error={page.error} onRetry={() => void page.refetch()} />;

  const { customerName, name, description, designs } = page.data;
  return (
    <Stack spacing={3} data-testid="stock-page">
      <Box>
        <Typography variant="overline" color="text.secondary" component="p" data-testid="stock-company">
          {t('stock.for', { company: customerName })}
        </Typography>
        <Typography variant="h1">{name}</Typography>
        {description && (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>
            {description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="stock-count">
          {t('counts.designs', { count: designs.length })}
        </Typography>
      </Box>
      {designs.length === 0 ? (
        <StateMessage title={t('stock.empty')} testId="stock-empty" />
      ) : (
        <Box component="ul" aria-label={name} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
          {designs.map((design) => (
            <Card component="li" variant="outlined" key={`${design.designGuid}:${design.colorwayGuid}`} data-testid="stock-design">
              <CoverImage src={design.previewUri} alt={t('stock.preview', { design: design.designName, colorway: design.colorwayName })} ratio="1 / 1" />
              <CardContent sx={{ py: 1.25, '&:last-child': { pb: 1.25 } }}>
                <Typography variant="subtitle2" component="p" noWrap sx={{ fontWeight: 700 }}>
                  {design.designName}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {design.colorwayName}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Stack>
  );
}
