import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { FormDialog } from '@/components/form-dialog';
import { ImageIcon } from '@/components/icons/image-icon';
import { cropImage, cropOrWhole, isShowable, type Rect } from '../lib/crop';
import { keepPicture } from '../lib/picture-store';
import { CropArea } from './crop-area';

/** The largest picture the search reads (the server's limit). */
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/tiff';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Called with the kept picture's id once the user searches. */
  onSearch: (pictureId: string) => void;
  /** A picture to start from (the design page's preview for "find this part"). */
  initial?: Blob | string | null;
  title?: string;
};

/**
 * Search by picture: drop, paste or pick a picture, or take one with the phone's camera; drag a
 * rectangle over it to search with that part; then search. A TIFF (which browsers do not show)
 * is searched whole.
 */
export function PictureDialog(props: Props) {
  // Mounted while open: each opening starts from `initial`, with nothing selected.
  return props.open ? <PictureDialogBody {...props} /> : null;
}

function PictureDialogBody({ onClose, onSearch, initial = null, title }: Props) {
  const { t } = useTranslation('similar');
  const [picture, setPicture] = useState<Blob | null>(typeof initial === 'string' ? null : initial);
  const [selection, setSelection] = useState<Rect | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [over, setOver] = useState(false);
  const image = useRef<HTMLImageElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const cameraInput = useRef<HTMLInputElement | null>(null);
  const objectUrl = useMemo(() => (picture && isShowable(picture) ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);
  // A chosen picture replaces the one the dialog opened with.
  const url = objectUrl ?? (picture ? null : typeof initial === 'string' ? initial : null);

  const choose = (file: File | Blob | null | undefined) => {
    setError(null);
    setSelection(null);
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) {
      setError(new ApiError(400, 'similar_image_unusable', file.type));
      return;
    }
    if (file.size > MAX_PICTURE_BYTES) {
      setError(new ApiError(413, 'similar_image_too_large', String(file.size)));
      return;
    }
    setPicture(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  };
  const paste = (event: ClipboardEvent) => {
    const file = Array.from(event.clipboardData.files).find((f) => f.type.startsWith('image/'));
    if (file) {
      event.preventDefault();
      choose(file);
    }
  };

  const search = async () => {
    setPending(true);
    setError(null);
    try {
      let sent: Blob | null = picture && !isShowable(picture) ? picture : null;
      if (!sent) {
        const img = image.current;
        if (!img) throw new ApiError(400, 'similar_image_unusable', 'no picture');
        sent = await cropImage(img, cropOrWhole(selection, img.naturalWidth, img.naturalHeight));
      }
      onSearch(await keepPicture(sent));
    } catch (cause) {
      setError(cause);
    } finally {
      setPending(false);
    }
  };

  const hasPicture = Boolean(url || picture);
  return (
    <FormDialog
      title={title ?? t('title')}
      submitLabel={t('search')}
      onSubmit={() => void search()}
      onClose={onClose}
      pending={pending}
      submitDisabled={!hasPicture}
      error={error}
      maxWidth="md"
    >
      <Box onPaste={paste} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {url ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('cropHint')}
            </Typography>
            <CropArea src={url} selection={selection} onSelect={setSelection} onLoad={(img) => (image.current = img)} />
          </>
        ) : picture ? (
          <Typography data-testid="picture-name">{t('wholeFile', { name: picture instanceof File ? picture.name : 'TIFF' })}</Typography>
        ) : (
          <Box
            data-testid="picture-drop"
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={drop}
            tabIndex={0}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: over ? 'primary.main' : 'divider',
              borderRadius: 2,
              p: 4,
              display: 'grid',
              placeItems: 'center',
              gap: 1,
              textAlign: 'center',
              color: 'text.secondary',
            }}
          >
            <ImageIcon size={40} />
            <Typography>{t('drop')}</Typography>
          </Box>
        )}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => fileInput.current?.click()} data-testid="picture-pick">
            {hasPicture ? t('another') : t('pick')}
          </Button>
          <Button variant="outlined" onClick={() => cameraInput.current?.click()} sx={{ display: { md: 'none' } }}>
            {t('camera')}
          </Button>
          {selection && (
            <Button onClick={() => setSelection(null)} data-testid="crop-clear">
              {t('wholePicture')}
            </Button>
          )}
        </Stack>
        <input ref={fileInput} type="file" accept={ACCEPT} hidden data-testid="picture-file" onChange={(event) => choose(event.target.files?.[0])} />
        <input ref={cameraInput} type="file" accept="image/*" capture="environment" hidden onChange={(event) => choose(event.target.files?.[0])} />
      </Box>
    </FormDialog>
  );
}
