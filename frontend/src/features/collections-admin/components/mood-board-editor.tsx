import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { ChevronLeftIcon } from '@/components/icons/chevron-left-icon';
import { ChevronRightIcon } from '@/components/icons/chevron-right-icon';
import { Thumbnail } from '@/components/thumbnail';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useCollection } from '../api/get-collection';
import { useMoveMoodImage } from '../api/move-mood-image';
import { visuallyHidden } from '../lib/visually-hidden';
import type { CollectionNode } from '../types';
import { MoodImageEditor } from './mood-image-editor';
import { PhotoUploader } from './photo-uploader';

type Direction = 'earlier' | 'later';

/**
 * A mood board: upload photos, order them (customers see them in this order), pick one, tag the
 * colorways it shows and mark where they are.
 */
export function MoodBoardEditor({ node }: { node: CollectionNode }) {
  const { t } = useTranslation('collectionsAdmin');
  const showError = useErrorToast();
  const detail = useCollection(node.id);
  const move = useMoveMoodImage();
  const images = detail.data?.images ?? [];
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  // The arrow pressed last keeps the focus while its image moves (the other arrow once at an end).
  const focusAfterMove = useRef<{ id: number; direction: Direction } | null>(null);
  // The chosen image, else the first one (also when the chosen one was deleted).
  const chosen = images.find((image) => image.id === chosenId) ?? images[0] ?? null;

  useEffect(() => {
    const pressed = focusAfterMove.current;
    if (!pressed) return;
    focusAfterMove.current = null;
    const button = (direction: Direction) => listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${pressed.id}:${direction}"]:not(:disabled)`);
    (button(pressed.direction) ?? button(pressed.direction === 'earlier' ? 'later' : 'earlier'))?.focus();
  }, [detail.data]);

  const moveTo = (imageId: number, from: number, to: number) => {
    if (to < 0 || to >= images.length || to === from) return;
    setAnnouncement(t('mood.moved', { position: to + 1, count: images.length }));
    move.mutate({ collectionId: node.id, imageId, position: to }, { onError: showError });
  };

  return (
    <Stack spacing={2} data-testid="mood-board-editor">
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
        {t('mood.title')}
      </Typography>
      <PhotoUploader subCollectionId={node.id} />
      {detail.isFetching && <LinearProgress />}
      <ErrorAlert error={detail.error} onRetry={() => void detail.refetch()} />
      {detail.isSuccess && images.length === 0 && <Typography color="text.secondary">{t('mood.empty')}</Typography>}
      {images.length > 1 && (
        <Typography variant="body2" color="text.secondary">
          {t('mood.orderHint')}
        </Typography>
      )}
      {images.length > 0 && (
        <Box ref={listRef} role="list" aria-label={t('mood.images')} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
          {images.map((image, index) => {
            const arrow = (direction: Direction) => (
              <IconButton
                size="small"
                aria-label={t(direction === 'earlier' ? 'mood.moveEarlier' : 'mood.moveLater', { index: index + 1 })}
                disabled={direction === 'earlier' ? index === 0 : index === images.length - 1}
                onClick={() => {
                  focusAfterMove.current = { id: image.id, direction };
                  moveTo(image.id, index, direction === 'earlier' ? index - 1 : index + 1);
                }}
                data-testid={`mood-image-move-${direction}`}
                data-move={`${image.id}:${direction}`}
                sx={{ p: 0.25 }}
              >
                {direction === 'earlier' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
              </IconButton>
            );
            return (
              <Box
                role="listitem"
                key={image.id}
                data-testid="mood-image-item"
                title={images.length > 1 ? t('mood.dragImage') : undefined}
                draggable={images.length > 1}
                onDragStart={(event: DragEvent) => {
                  event.dataTransfer.effectAllowed = 'move';
                  // Firefox starts a drag only with some data set.
                  event.dataTransfer.setData('text/plain', '');
                  setDragged(index);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event: DragEvent) => {
                  if (dragged !== null) event.preventDefault();
                }}
                onDrop={(event: DragEvent) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  const from = images[dragged];
                  if (from) moveTo(from.id, dragged, index);
                  setDragged(null);
                }}
                sx={{ opacity: dragged === index ? 0.5 : 1, cursor: images.length > 1 ? 'grab' : undefined }}
              >
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
                {images.length > 1 && (
                  <Stack direction="row" sx={{ justifyContent: 'center' }}>
                    {arrow('earlier')}
                    {arrow('later')}
                  </Stack>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      <Box aria-live="polite" data-testid="mood-image-move-status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {chosen && <MoodImageEditor key={chosen.id} image={chosen} index={images.indexOf(chosen)} />}
    </Stack>
  );
}
