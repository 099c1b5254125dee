import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ContentCopyIcon } from '@/components/icons/content-copy-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { ShareIcon } from '@/components/icons/share-icon';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { formatDateTime, formatDateTimeShort } from '@/lib/format';
import { useRevokeStockPage } from '../api/revoke-stock-page';
import type { CollectionNode, StockPage } from '../types';
import { PublishDialog } from './publish-dialog';

/** The public address of a stock page. */
export function stockPageUrl(slug: string): string {
  return new URL(`/custom/${encodeURIComponent(slug)}`, window.location.origin).toString();
}

/** A collection's stock pages: published for one customer company each, with their public link; publish and revoke. */
export function StockPages({ collection }: { collection: CollectionNode }) {
  const { t, i18n } = useTranslation('collectionsAdmin');
  const toast = useToast();
  const showError = useErrorToast();
  const revoke = useRevokeStockPage();
  const [publishing, setPublishing] = useState(false);
  const [revoking, setRevoking] = useState<StockPage | null>(null);
  const pages = collection.stockPages ?? [];
  const locale = i18n.resolvedLanguage;

  const copy = (slug: string) => {
    const url = stockPageUrl(slug);
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) {
      toast(t('stock.copyFailed'), 'error');
      return;
    }
    clipboard.writeText(url).then(
      () => toast(t('stock.copied'), 'success'),
      () => toast(t('stock.copyFailed'), 'error'),
    );
  };

  return (
    <Stack spacing={1} component="section" aria-label={t('stock.title')} data-testid="stock-pages">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {t('stock.title')}
        </Typography>
        <Button size="small" startIcon={<ShareIcon />} onClick={() => setPublishing(true)}>
          {t('stock.publish')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('stock.hint')}
      </Typography>
      {pages.length === 0 ? (
        <Typography color="text.secondary">{t('stock.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={t('stock.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('stock.columns.customer')}</TableCell>
              <TableCell>{t('stock.columns.link')}</TableCell>
              <TableCell>{t('stock.columns.published')}</TableCell>
              <TableCell>{t('stock.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {pages.map((page) => (
              <TableRow key={page.slug} data-testid="stock-page-row">
                <TableCell>{page.customerName}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  <Link href={`/custom/${encodeURIComponent(page.slug)}`} target="_blank" rel="noopener noreferrer">
                    {`/custom/${page.slug}`}
                  </Link>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(page.createdAt, locale)}>
                  {formatDateTimeShort(page.createdAt, locale)}
                </TableCell>
                <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={t('stock.copy', { name: page.customerName })} onClick={() => copy(page.slug)}>
                    <ContentCopyIcon />
                  </IconButton>
                  <IconButton aria-label={t('stock.revoke', { name: page.customerName })} onClick={() => setRevoking(page)}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {publishing && <PublishDialog collection={collection} onClose={() => setPublishing(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        destructive
        title={t('stock.revokeTitle', { name: revoking?.customerName ?? '' })}
        confirmLabel={t('stock.revokeConfirm')}
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.slug, {
            onSuccess: () => toast(t('stock.revoked', { name: revoking.customerName }), 'success'),
            onError: showError,
            onSettled: () => setRevoking(null),
          })
        }
      >
        {t('stock.revokeBody', { link: revoking ? `/custom/${revoking.slug}` : '' })}
      </ConfirmDialog>
    </Stack>
  );
}
