import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ATTRIBUTE } from '../lib/upload-validation';

type Props = { onFiles: (files: File[]) => void; disabled?: boolean };

/** A drop area with a file picker (several files at once). */
export function FileDropZone({ onFiles, disabled = false }: Props) {
  const { t } = useTranslation('designAdmin');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.default',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
        opacity: disabled ? 0.6 : 1,
        transition: 'background-color 120ms, border-color 120ms',
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{t('upload.dropHere')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {t('upload.hint')}
      </Typography>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled}>
        {t('upload.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPT_ATTRIBUTE}
        data-testid="file-input"
        aria-label={t('upload.choose')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Clear it so that choosing the same file again fires a change (and is shown as a duplicate).
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}
