import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMoodBoard } from '../api/get-mood-board';
import { isNotFound } from '../lib/not-found';
import { boardsPath, idOf, moodImagePath } from '../lib/paths';
import { CollectionBreadcrumbs } from './collection-breadcrumbs';
import { moodImageLabel } from './mood-labels';
import { StateMessage } from './state-message';

/** Masonry columns: two on a phone, three on a tablet, four from a laptop up. */
function useColumns(): number {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  return wide ? 4 : medium ? 3 : 2;
}

/**
 * /board-moods/{id}: a mood board's photos as a masonry, each opening its page with the tagged
 * colorways; the breadcrumb leads back to the collection.
 */
export function BoardMoodsPage() {
  const { t } = useTranslation('collections');
  const id = idOf(useParams().id);
  const board = useMoodBoard(id);
  const columns = useColumns();
  useDocumentTitle(board.data?.name ?? t('moods.title'));

  if (id === null || isNotFound(board.error)) {
    return (
      <StateMessage
        title={t('moods.notFound')}
        action={
          <Button component={RouterLink} to={boardsPath()} variant="outlined">
            {t('boards.back')}
          </Button>
        }
        testId="mood-board-not-found"
      />
    );
  }
  if (board.isPending) return <PageSpinner />;
  if (board.error) return <ErrorAlert error={board.error} onRetry={() => void board.refetch()} />;

  const { name, description, collection, images } = board.data;
  return (
    <Stack spacing={2} data-testid="mood-board" data-id={board.data.id}>
      <CollectionBreadcrumbs items={[{ label: t('boards.title'), to: boardsPath() }, { label: collection.name, to: boardsPath(collection.id) }, { label: name }]} />
      <Box>
        <Typography variant="h1">{name}</Typography>
        {description && (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="mood-board-count">
          {t('counts.images', { count: images.length })}
        </Typography>
      </Box>
      {images.length === 0 ? (
        <StateMessage title={t('moods.empty')} testId="mood-board-empty" />
      ) : (
        <ImageList variant="masonry" cols={columns} gap={12} sx={{ m: 0, overflow: 'visible' }}>
          {images.map((image, index) => (
            <ImageListItem key={image.id} data-testid="mood-image" data-id={image.id}>
              <Link
                component={RouterLink}
                to={moodImagePath(board.data.id, image.id)}
                sx={{
                  display: 'block',
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'action.hover',
                  transition: 'box-shadow 120ms',
                  '&:hover, &:focus-visible': { boxShadow: 4 },
                }}
              >
                {/* width and height reserve the image's place before it loads: the masonry does not jump. */}
                <Box
                  component="img"
                  src={image.thumbnailUri}
                  alt={moodImageLabel(t, image, index)}
                  width={image.width || undefined}
                  height={image.height || undefined}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                  sx={{ display: 'block', width: '100%', height: 'auto' }}
                />
              </Link>
            </ImageListItem>
          ))}
        </ImageList>
      )}
    </Stack>
  );
}
