import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { ArrowBackIcon } from '@/components/icons';
import { PageSpinner } from '@/components/page-spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListsEntries } from '../api/get-lists-entries';
import { FavoritesEmpty } from './favorites-empty';
import { ListActions } from './list-actions';
import type { ReactNode } from 'react';
import type { FavoriteList } from '../types';

type Props = {
  listId: string;
  /** The list's colorways (the archive's grid, composed by the app). */
  children: (list: FavoriteList, shown: Set<string>) => ReactNode;
};

/**
 * /favorites/{id}: the list's name, count and actions above its colorways. `shown` holds the
 * colorways the list has now (a removal shows at once, before the cards are read again).
 */
export function FavoriteListView({ listId, children }: Props) {
  const { t } = useTranslation('favorites');
  const lists = useListsEntries();
  const list = lists.data?.find((candidate) => candidate.id === listId);
  useDocumentTitle(list?.name ?? t('lists.title'));

  if (lists.isPending) return <PageSpinner />;
  if (lists.error) return <ErrorAlert error={lists.error} onRetry={() => void lists.refetch()} />;
  if (!list) {
    return (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }} data-testid="list-not-found">
        <Typography variant="h6" component="p" gutterBottom>
          {t('list.notFound')}
        </Typography>
        <Button component={RouterLink} to="/favorites" variant="outlined">
          {t('list.back')}
        </Button>
      </Paper>
    );
  }
  const shown = new Set(list.entries.map((entry) => entry.colorwayGuid));
  return (
    <Stack spacing={2} data-testid="favorite-list" data-list={list.name}>
      <Button component={RouterLink} to="/favorites" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('list.back')}
      </Button>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-end' }, gap: 2 }}>
        <div>
          <Typography variant="h1" data-testid="list-name">
            {list.name}
          </Typography>
          <Typography color="text.secondary" data-testid="list-count">
            {t('lists.count', { count: list.entryCount })}
          </Typography>
        </div>
        <ListActions list={list} />
      </Stack>
      {list.entryCount === 0 ? (
        <FavoritesEmpty title={t('list.empty')} testId="list-empty" />
      ) : (
        children(list, shown)
      )}
    </Stack>
  );
}
