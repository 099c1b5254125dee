import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { AddIcon } from '@/components/icons/add-icon';
import { ImageIcon } from '@/components/icons/image-icon';
import { PageSpinner } from '@/components/page-spinner';
import { useToast } from '@/components/toast/toast-context';
import { formatDate } from '@/lib/format';
import { useImageUrl } from '@/lib/image-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateList } from '../api/create-list';
import { MOSAIC_THUMBNAILS, useListsWithThumbnails } from '../api/get-lists';
import type { FavoriteList } from '../types';
import { FavoritesEmpty } from './favorites-empty';
import { ListNameDialog } from './list-name-dialog';

/** The address of a list's page. */
export function listPath(listId: string): string {
  return `/favorites/${encodeURIComponent(listId)}`;
}

/** The newest colorways of a list as a 2 x 2 mosaic (empty tiles for a shorter list). */
function Mosaic({ list }: { list: FavoriteList }) {
  const imageUrl = useImageUrl();
  const tiles = Array.from({ length: MOSAIC_THUMBNAILS }, (_, k) => imageUrl(list.thumbnails?.[k]));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2px', aspectRatio: '1 / 1', bgcolor: 'divider' }}>
      {tiles.map((thumbnail, k) => (
        <Box key={k} sx={{ position: 'relative', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'text.disabled' }}>
          {thumbnail ? (
            <Box
              component="img"
              src={thumbnail}
              alt=""
              loading="lazy"
              decoding="async"
              width={180}
              height={240}
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            k === 0 && <ImageIcon size={28} />
          )}
        </Box>
      ))}
    </Box>
  );
}

/**
 * /favorites: the user's lists as cards (a mosaic of the newest colorways, the name, how many
 * colorways, when made), a new list, and what to do when there is none yet.
 */
export function FavoritesPage() {
  const { t, i18n } = useTranslation('favorites');
  useDocumentTitle(t('lists.title'));
  const lists = useListsWithThumbnails();
  const create = useCreateList();
  const toast = useToast();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1">{t('lists.title')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="create-list">
          {t('lists.create')}
        </Button>
      </Stack>
      {lists.isPending && <PageSpinner />}
      <ErrorAlert error={lists.error} onRetry={() => void lists.refetch()} />
      {lists.data?.length === 0 && <FavoritesEmpty title={t('lists.empty')} testId="lists-empty" />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {lists.data?.map((list) => (
          <Card key={list.id} variant="outlined" data-testid="favorite-list-card" data-list={list.name}>
            <CardActionArea component={RouterLink} to={listPath(list.id)}>
              <Mosaic list={list} />
              <CardContent>
                <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
                  {list.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="favorite-list-count">
                  {t('lists.count', { count: list.entryCount })} · {formatDate(list.created, i18n.resolvedLanguage)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {creating && (
        <ListNameDialog
          title={t('lists.create')}
          submitLabel={t('lists.createSubmit')}
          pending={create.isPending}
          error={create.error}
          onClose={() => {
            create.reset();
            setCreating(false);
          }}
          onSubmit={(name) =>
            create.mutate(name, {
              onSuccess: (list) => {
                toast(t('toasts.created', { list: list.name }), 'success');
                setCreating(false);
                void navigate(listPath(list.id));
              },
            })
          }
        />
      )}
    </Stack>
  );
}
