import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePoolSearchCount } from '@/api/reference/count-pool-search';
import { ErrorAlert } from '@/components/error-alert';
import { Thumbnail } from '@/components/thumbnail';
import { useDebounced } from '@/lib/use-debounced';
import { PREVIEW_PAGE_SIZE, usePoolPreview } from '../api/search-pool';
import { POOLS_DEBOUNCE_MS } from '../lib/pool-form';
import type { PoolCriteria } from '@/types/pool';

/** The live count (debounced) and a preview grid of the designs one search admits, 25 a page. */
export function PoolPreview({ criteria, index }: { criteria: PoolCriteria; index: number }) {
  const { t, i18n } = useTranslation('pools');
  const settled = useDebounced(criteria, POOLS_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState(settled);
  if (shown !== settled) {
    setShown(settled);
    setPage(0);
  }
  const count = usePoolSearchCount(settled);
  const preview = usePoolPreview(settled, page);
  const totalPage = preview.data?.totalPage ?? 0;

  return (
    <Box component="section" aria-label={t('preview.title', { index: index + 1 })} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" data-testid="pool-count">
        {count.data ? t('preview.count', { count: count.data.count, formatted: count.data.count.toLocaleString(i18n.resolvedLanguage), index: index + 1 }) : t('preview.counting')}
      </Typography>
      <ErrorAlert error={count.error ?? preview.error} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1, mt: 1 }}>
        {preview.data?.results.map((design) => (
          <Stack key={design.designGuid} sx={{ alignItems: 'center' }}>
            <Thumbnail src={design.thumbnail} alt={design.designName} size={80} />
            <Typography variant="caption">{design.designName}</Typography>
          </Stack>
        ))}
      </Box>
      {totalPage > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('preview.previous')}
          </Button>
          <Typography variant="caption">{t('preview.page', { page: page + 1, total: totalPage, size: PREVIEW_PAGE_SIZE })}</Typography>
          <Button size="small" disabled={page + 1 >= totalPage} onClick={() => setPage(page + 1)}>
            {t('preview.next')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
