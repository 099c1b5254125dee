import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbortError, type UploadProgress } from '@/api/api-upload';
import type { ErrorCode } from '@/api/api-error';
import { useAdminArchives } from '@/api/reference/get-admin-archives';
import { ErrorAlert } from '@/components/error-alert';
import { formatBytes } from '@/lib/format';
import { CloseIcon } from '@/components/icons/close-icon';
import { useProcessJob } from '../api/process-job';
import { useUploadFiles } from '../api/upload-files';
import { useCodeText } from '../lib/code-text';
import { acceptedFiles, checkFiles, checkUpload, type ChosenFile } from '../lib/upload-validation';
import type { ImportJob, Refusal } from '../types';
import { FileDropZone } from './file-drop-zone';
import { RefusalList } from './refusal-list';

type Props = {
  /** The open job the files are added to; none starts a new job. */
  job: ImportJob | undefined;
  onUploaded: (job: ImportJob) => void;
};

/** Step 1: the archive, the files (checked here first, by the server for good), the upload with its progress. */
export function UploadStep({ job, onUploaded }: Props) {
  const { t, i18n } = useTranslation('designAdmin');
  const codeText = useCodeText();
  const archives = useAdminArchives();
  const upload = useUploadFiles();
  const process = useProcessJob();
  const [chosenArchive, setChosenArchive] = useState<number | null>(null);
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [problem, setProblem] = useState<ErrorCode | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const nextKey = useRef(0);
  const controller = useRef<AbortController | null>(null);

  const archiveId = job ? job.archiveId : chosenArchive;
  const inJob = (job?.files ?? []).filter((file) => file.state !== 'cancelled').map((file) => file.name);
  const checked = checkFiles(chosen, inJob);
  const toSend = acceptedFiles(checked);
  const uploading = progress !== null;
  const waiting = (job?.files ?? []).filter((file) => file.state === 'uploaded').length;
  const bytes = (value: number) => formatBytes(value, i18n.resolvedLanguage);

  const pick = (files: File[]) => {
    const first = nextKey.current;
    nextKey.current += files.length;
    setChosen((current) => [...current, ...files.map((file, index) => ({ key: first + index, file }))]);
    setProblem(null);
    upload.reset();
  };

  const start = () => {
    const blocked = checkUpload(archiveId, checked);
    setProblem(blocked);
    if (blocked || archiveId === null) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ loaded: 0, total: toSend.reduce((sum, file) => sum + file.size, 0) });
    upload.mutate(
      { archiveId, jobId: job?.jobId, files: toSend, onProgress: setProgress, signal: abort.signal },
      {
        onSuccess: (answer) => {
          setChosen([]);
          setRefusals(answer.refused ?? []);
          onUploaded(answer);
        },
        onSettled: () => {
          setProgress(null);
          controller.current = null;
        },
      },
    );
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const allRefusals = [...(job?.refused ?? []), ...refusals].filter(
    (refusal, index, list) => list.findIndex((other) => other.name === refusal.name && other.code === refusal.code) === index,
  );

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        margin="none"
        label={t('upload.archive')}
        value={archiveId === null ? '' : String(archiveId)}
        disabled={Boolean(job) || uploading}
        onChange={(event) => {
          setChosenArchive(event.target.value === '' ? null : Number(event.target.value));
          setProblem(null);
        }}
        error={problem === 'archive_required'}
        helperText={problem === 'archive_required' ? codeText(problem) : job ? t('upload.archiveFixed') : undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'archive-select' } }}
        sx={{ maxWidth: 360 }}
      >
        <option value="">{t('upload.chooseArchive')}</option>
        {archives.data?.map((archive) => (
          <option key={archive.archiveId} value={String(archive.archiveId)}>
            {archive.code ? `${archive.code} · ${archive.archiveName}` : archive.archiveName}
          </option>
        ))}
      </TextField>
      {archives.data?.length === 0 && <Alert severity="warning">{t('upload.noArchives')}</Alert>}
      <ErrorAlert error={archives.error} onRetry={() => void archives.refetch()} />

      <FileDropZone onFiles={pick} disabled={uploading} />

      {chosen.length > 0 && (
        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2">{t('upload.chosen', { count: chosen.length })}</Typography>
            <Button size="small" onClick={() => setChosen([])} disabled={uploading}>
              {t('upload.clear')}
            </Button>
          </Stack>
          <List dense disablePadding data-testid="chosen-files">
            {checked.map((entry) => (
              <ListItem
                key={entry.key}
                data-testid="chosen-file"
                data-name={entry.file.name}
                data-refusal={entry.refusal ?? ''}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('upload.removeChosen', { name: entry.file.name })}
                    disabled={uploading}
                    onClick={() => setChosen((current) => current.filter((other) => other.key !== entry.key))}
                  >
                    <CloseIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={entry.file.name}
                  secondary={entry.refusal ? codeText(entry.refusal) : `${bytes(entry.file.size)} · ${t('upload.ready')}`}
                  slotProps={{ secondary: { color: entry.refusal ? 'error' : 'text.secondary' } }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}

      {problem && problem !== 'archive_required' && (
        <Alert severity="error" data-testid="upload-problem" data-code={problem}>
          {codeText(problem)}
        </Alert>
      )}

      {progress ? (
        <Box data-testid="upload-progress">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ flexGrow: 1 }}>
              <LinearProgress variant="determinate" value={percent} aria-label={t('upload.progressLabel')} />
            </Box>
            <Button color="error" onClick={() => controller.current?.abort()}>
              {t('upload.cancel')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('upload.progress', { loaded: bytes(progress.loaded), total: bytes(progress.total), percent })}
          </Typography>
        </Box>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={start} disabled={toSend.length === 0}>
            {t('upload.submit', { count: toSend.length })}
          </Button>
          {job && (
            <Button variant="contained" color="secondary" onClick={() => process.mutate(job.jobId)} disabled={waiting === 0} loading={process.isPending}>
              {t('upload.process', { count: waiting })}
            </Button>
          )}
        </Stack>
      )}

      {upload.error && isAbortError(upload.error) ? (
        <Alert severity="info" data-testid="upload-cancelled">
          {t('upload.cancelled')}
        </Alert>
      ) : (
        <ErrorAlert error={upload.error} />
      )}
      <ErrorAlert error={process.error} />
      <RefusalList refusals={allRefusals} />
    </Stack>
  );
}
