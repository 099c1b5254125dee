import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { CloseIcon } from '@/components/icons/close-icon';
import { DeleteIcon } from '@/components/icons/delete-icon';
import { PinIcon } from '@/components/icons/pin-icon';
import { useToast } from '@/components/toast/toast-context';
import { useErrorToast } from '@/components/toast/use-error-toast';
import { useImageUrl } from '@/lib/image-url';
import { useDeleteColorway } from '../api/delete-colorway';
import { useDeleteMoodImage } from '../api/delete-mood-image';
import { usePlaceTag } from '../api/place-tag';
import type { ImageTag, MoodImage } from '../types';
import { ColorwayTagField } from './colorway-tag-field';

export function tagLabel(tag: Pick<ImageTag, 'designName' | 'colorwayName'>): string {
  return `${tag.designName}/${tag.colorwayName}`;
}

/** A share 0–1 of where the pointer is in the element, rounded to 4 decimals and kept in range. */
function fraction(position: number, start: number, size: number): number {
  if (size <= 0) return 0;
  return Math.round(Math.min(1, Math.max(0, (position - start) / size)) * 10_000) / 10_000;
}

/**
 * One mood image, large: its tags (chips; one is chosen by a click, then a click on the image marks
 * where that fabric is), the field that adds a tag, and the image's delete.
 */
export function MoodImageEditor({ image, index }: { image: MoodImage; index: number }) {
  const { t } = useTranslation('collectionsAdmin');
  const toast = useToast();
  const showError = useErrorToast();
  const place = usePlaceTag();
  const untag = useDeleteColorway();
  const remove = useDeleteMoodImage();
  const imageUrl = useImageUrl();
  const [chosenGuid, setChosenGuid] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const chosen = image.colorways.find((tag) => tag.colorwayGuid === chosenGuid) ?? null;

  const onImageClick = (event: MouseEvent<HTMLElement>) => {
    if (!chosen || place.isPending) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = fraction(event.clientX, box.left, box.width);
    const y = fraction(event.clientY, box.top, box.height);
    place.mutate({ imageId: image.id, tag: chosen, x, y }, { onSuccess: () => toast(t('tags.placed', { name: tagLabel(chosen) }), 'success') });
  };

  return (
    <Stack spacing={2} component="section" aria-label={t('mood.imageN', { index: index + 1, count: image.colorways.length })} data-testid="mood-image-editor">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('mood.imageTitle', { index: index + 1 })}
        </Typography>
        <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
          {t('mood.deleteImage')}
        </Button>
      </Stack>
      <Box
        onClick={onImageClick}
        data-testid="mood-image-large"
        sx={{ position: 'relative', alignSelf: 'flex-start', maxWidth: '100%', lineHeight: 0, cursor: chosen ? 'crosshair' : 'default', userSelect: 'none' }}
      >
        <Box
          component="img"
          src={image.largeImageUri}
          alt={t('mood.largeAlt', { index: index + 1 })}
          draggable={false}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 640, width: 'auto', height: 'auto', borderRadius: 1 }}
        />
        {image.colorways
          .filter((tag) => tag.x !== null && tag.y !== null)
          .map((tag) => {
            const isChosen = tag.colorwayGuid === chosenGuid;
            return (
              <Box
                key={tag.colorwayGuid}
                data-testid="tag-marker"
                title={tagLabel(tag)}
                sx={{
                  position: 'absolute',
                  left: `${(tag.x ?? 0) * 100}%`,
                  top: `${(tag.y ?? 0) * 100}%`,
                  width: isChosen ? 20 : 14,
                  height: isChosen ? 20 : 14,
                  transform: 'translate(-50%, -50%)',
                  borderRadius: '50%',
                  border: 2,
                  borderColor: 'common.white',
                  bgcolor: isChosen ? 'secondary.main' : 'primary.main',
                  boxShadow: 2,
                  pointerEvents: 'none',
                }}
              />
            );
          })}
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="tag-hint">
        {chosen ? t('tags.placeHint', { name: tagLabel(chosen) }) : image.colorways.length > 0 ? t('tags.chooseHint') : t('tags.none')}
      </Typography>
      <ErrorAlert error={place.error} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('tags.label')} role="group">
        {image.colorways.map((tag) => {
          const isChosen = tag.colorwayGuid === chosenGuid;
          return (
            <Chip
              key={tag.colorwayGuid}
              data-testid="tag-chip"
              avatar={<Avatar alt="" src={imageUrl(tag.thumbnail) ?? undefined} variant="rounded" />}
              label={
                <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <span>{tagLabel(tag)}</span>
                  {tag.x !== null && tag.y !== null && (
                    <Box component="span" title={t('tags.placed', { name: tagLabel(tag) })} sx={{ display: 'inline-flex' }}>
                      <PinIcon size={14} />
                    </Box>
                  )}
                </Stack>
              }
              color={isChosen ? 'primary' : 'default'}
              variant={isChosen ? 'filled' : 'outlined'}
              aria-pressed={isChosen}
              onClick={() => setChosenGuid(isChosen ? null : tag.colorwayGuid)}
              onDelete={() =>
                untag.mutate(
                  { imageId: image.id, colorwayGuid: tag.colorwayGuid },
                  {
                    onSuccess: () => {
                      if (isChosen) setChosenGuid(null);
                    },
                    onError: showError,
                  },
                )
              }
              deleteIcon={
                <Box component="span" role="button" aria-label={t('tags.remove', { name: tagLabel(tag) })} sx={{ display: 'inline-flex' }}>
                  <CloseIcon />
                </Box>
              }
            />
          );
        })}
      </Stack>
      <ColorwayTagField image={image} />
      {place.isPending && <Alert severity="info">{t('tags.placing')}</Alert>}
      <ConfirmDialog
        open={deleting}
        destructive
        title={t('mood.deleteTitle', { index: index + 1 })}
        confirmLabel={t('mood.deleteImage')}
        pending={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(image.id, {
            onSuccess: () => toast(t('mood.deleted'), 'success'),
            onError: showError,
            onSettled: () => setDeleting(false),
          })
        }
      >
        {t('mood.deleteBody', { count: image.colorways.length })}
      </ConfirmDialog>
    </Stack>
  );
}
