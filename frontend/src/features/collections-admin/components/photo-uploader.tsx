import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@/api/api-error';
import { isAbortError } from '@/api/api-upload';
import { errorCodeOf } from '@/lib/error-message';
import { checkPhoto, PHOTO_ACCEPT } from '@/lib/photo-files';
import { useUploadMoodImage } from '../api/upload-mood-image';

type Upload = {
  key: number;
  name: string;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0–100. */
  percent: number;
  /** Why it failed. */
  error: ErrorCode | null;
};

type Queued = { key: number; file: File };

/**
 * Photos for a mood board: several at once (picked or dropped), JPEG, PNG or WebP up to 20 MB,
 * checked here first and sent one after the other, each with its own progress bar.
 */
export function PhotoUploader({ subCollectionId }: { subCollectionId: number }) {
  const { t } = useTranslation(['collectionsAdmin', 'errors']);
  const upload = useUploadMoodImage();
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Queued[]>([]);
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const nextKey = useRef(0);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);

  // Leaving the page stops the upload under way and drops the rest.
  useEffect(
    () => () => {
      queue.current = [];
      controller.current?.abort();
    },
    [],
  );

  const patch = (key: number, change: Partial<Upload>) => setUploads((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key, file } = next;
      const abort = new AbortController();
      controller.current = abort;
      patch(key, { state: 'uploading' });
      try {
        await upload.mutateAsync({
          subCollectionId,
          image: file,
          signal: abort.signal,
          onProgress: ({ loaded, total }) => patch(key, { percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
        });
        patch(key, { state: 'done', percent: 100 });
      } catch (error) {
        if (isAbortError(error)) break;
        patch(key, { state: 'failed', error: errorCodeOf(error) });
      }
    }
    controller.current = null;
    running.current = false;
  };

  const pick = (files: File[]) => {
    const added: Upload[] = [];
    for (const file of files) {
      nextKey.current += 1;
      const key = nextKey.current;
      const refusal = checkPhoto(file);
      added.push({ key, name: file.name, state: refusal ? 'failed' : 'waiting', percent: 0, error: refusal });
      if (!refusal) queue.current.push({ key, file });
    }
    setUploads((current) => [...current, ...added]);
    void drain();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) pick(files);
  };

  const finished = uploads.filter((entry) => entry.state === 'done' || entry.state === 'failed').length;
  const statusText = (entry: Upload) => {
    if (entry.state === 'failed') return t(`errors:${entry.error ?? 'generic'}`);
    if (entry.state === 'uploading') return t('collectionsAdmin:upload.uploading', { percent: entry.percent });
    return t(`collectionsAdmin:upload.${entry.state}`);
  };

  return (
    <Stack spacing={1}>
      <Box
        data-testid="photo-drop-zone"
        onDragOver={(event) => {
          if (![...event.dataTransfer.types].includes('Files')) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.default',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('collectionsAdmin:upload.hint')}
        </Typography>
        <Button variant="outlined" onClick={() => input.current?.click()}>
          {t('collectionsAdmin:upload.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={PHOTO_ACCEPT}
          data-testid="photo-input"
          aria-label={t('collectionsAdmin:upload.choose')}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) pick(files);
          }}
        />
      </Box>
      {uploads.length > 0 && (
        <>
          <List dense disablePadding aria-label={t('collectionsAdmin:upload.list')}>
            {uploads.map((entry) => (
              <ListItem key={entry.key} data-testid="photo-upload" data-state={entry.state} disableGutters sx={{ display: 'block' }}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                    {entry.name}
                  </Typography>
                  <Typography variant="body2" color={entry.state === 'failed' ? 'error' : 'text.secondary'} sx={{ flexShrink: 0 }}>
                    {statusText(entry)}
                  </Typography>
                </Stack>
                {entry.state !== 'failed' && (
                  <LinearProgress
                    variant="determinate"
                    value={entry.percent}
                    color={entry.state === 'done' ? 'success' : 'primary'}
                    aria-label={t('collectionsAdmin:upload.progress', { name: entry.name })}
                  />
                )}
              </ListItem>
            ))}
          </List>
          {finished > 0 && (
            <Button
              size="small"
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => setUploads((current) => current.filter((entry) => entry.state === 'waiting' || entry.state === 'uploading'))}
            >
              {t('collectionsAdmin:upload.clear')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
