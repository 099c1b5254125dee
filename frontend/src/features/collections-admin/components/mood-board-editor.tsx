import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Thumbnail } from '@/components/thumbnail';
import { useCollection } from '../api/get-collection';
import type { CollectionNode } from '../types';
import { MoodImageEditor } from './mood-image-editor';
import { PhotoUploader } from './photo-uploader';

/** A mood board: upload photos, pick one, tag the colorways it shows and mark where they are. */
export function MoodBoardEditor({ node }: { node: CollectionNode }) {
  const { t } = useTranslation('collectionsAdmin');
  const detail = useCollection(node.id);
  const images = detail.data?.images ?? [];
  const [chosenId, setChosenId] = useState<number | null>(null);
  // The chosen image, else the first one (also when the chosen one was deleted).
  const chosen = images.find((image) => image.id === chosenId) ?? images[0] ?? null;

  return (
    <Stack spacing={2} data-testid="mood-board-editor">
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
        {t('mood.title')}
      </Typography>
      <PhotoUploader subCollectionId={node.id} />
      {detail.isFetching && <LinearProgress />}
      <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      {detail.isSuccess && images.length === 0 && <Typography color="text.secondary">{t('mood.empty')}</Typography>}
      {images.length > 0 && (
        <Box role="list" aria-label={t('mood.images')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
          {images.map((image, index) => (
            <Box role="listitem" key={image.id}>
              <ButtonBase
                onClick={() => setChosenId(image.id)}
                aria-pressed={chosen?.id === image.id}
                aria-label={t('mood.imageN', { index: index + 1, count: image.colorways.length })}
                data-testid="mood-image-thumb"
                sx={{ borderRadius: 1, outline: chosen?.id === image.id ? 3 : 0, outlineColor: 'primary.main', outlineStyle: 'solid' }}
              >
                <Badge badgeContent={image.colorways.length} color="primary" overlap="rectangular">
                  <Thumbnail src={image.thumbnailUri} alt="" size={96} />
                </Badge>
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
      {chosen && <MoodImageEditor key={chosen.id} image={chosen} index={images.indexOf(chosen)} />}
    </Stack>
  );
}
