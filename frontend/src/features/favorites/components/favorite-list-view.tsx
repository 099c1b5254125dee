import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';
import { isApiError } from '@/api/api-error';
import { ErrorAlert } from '@/components/error-alert';
import { ArrowBackIcon } from '@/components/icons/arrow-back-icon';
import { PageSpinner } from '@/components/page-spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListEntries } from '../api/get-list-entries';
import { FavoritesEmpty } from './favorites-empty';
import { ListActions } from './list-actions';
import type { ReactNode } from 'react';
import type { FavoriteList } from '../types';

type Props = {
  listId: string;
  /** The list's colorways (the archive's grid, composed by the app). */
  children: (list: FavoriteList, shown: Set<string>) => ReactNode;
  /** Actions on the whole list that other features bring (download all as CAD), before its own. */
  actions?: (list: FavoriteList) => ReactNode;
};

/** No such list of the user's (never made, deleted, or another user's). */
function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.code === 'favorite_list_not_found' || error.status === 404);
}

/**
 * /favorites/{id}: the list's name, count and actions above its colorways. `shown` holds the
 * colorways the list has now (a removal shows at once, before the cards are read again).
 */
export function FavoriteListView({ listId, children, actions }: Props) {
  const { t } = useTranslation('favorites');
  const entries = useListEntries(listId);
  const gone = isNotFound(entries.error);
  const list = gone ? undefined : entries.data;
  useDocumentTitle(list?.name ?? t('lists.title'));

  if (entries.isPending) return <PageSpinner />;
  if (entries.error && !gone) return <ErrorAlert error={entries.error} onRetry={() => void entries.refetch()} />;
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
        <ListActions list={list}>{actions?.(list)}</ListActions>
      </Stack>
      {list.entryCount === 0 ? (
        <FavoritesEmpty title={t('list.empty')} testId="list-empty" />
      ) : (
        children(list, shown)
      )}
    </Stack>
  );
}
