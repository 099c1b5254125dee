import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminArchives } from '@/api/reference/get-admin-archives';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { useToast } from '@/components/toast/toast-context';
import { useCancelJob } from '../api/cancel-job';
import { useDisposeJob } from '../api/dispose-job';
import { useImportJob } from '../api/get-import-job';
import { useOpenJobs } from '../api/get-open-jobs';
import { addedDesignsOf, importSteps, isOpen, stepOf, type ProcessedStage } from '../lib/job-flow';
import { formatJobTime } from '../lib/job-time';
import { serverDate } from '@/lib/format';
import type { AddedDesign, Id, ImportJob, JobState } from '../types';
import { AddStep } from './add-step';
import { ImportFilesTable } from './import-files-table';
import { ImportResult } from './import-result';
import { MergeStep } from './merge-step';
import { UploadStep } from './upload-step';

const stateColor: Record<JobState, 'default' | 'info' | 'success' | 'primary' | 'error'> = {
  uploading: 'default',
  processing: 'info',
  processed: 'success',
  added: 'primary',
  completed: 'success',
  cancelled: 'error',
};

type Props = { onOpenDesign: (designGuid: string) => void };

function newestFirst(a: ImportJob, b: ImportJob): number {
  return serverDate(b.updatedAt).getTime() - serverDate(a.updatedAt).getTime();
}

/**
 * The import job as a stepper: Upload → Process → Merge & number → Add to archive → Done. Each
 * step calls its route; an open job is resumed when the page loads.
 */
export function ImportWizard({ onOpenDesign }: Props) {
  const { t, i18n } = useTranslation('designAdmin');
  const toast = useToast();
  const openJobs = useOpenJobs();
  const archives = useAdminArchives();
  const cancel = useCancelJob();
  const dispose = useDisposeJob();
  // undefined: not chosen yet, so the newest open job is resumed; null: a new import.
  const [chosenJobId, setChosenJobId] = useState<Id | null | undefined>(undefined);
  const [stage, setStage] = useState<{ jobId: string; stage: ProcessedStage } | null>(null);
  const [added, setAdded] = useState<{ jobId: string; designs: AddedDesign[] } | null>(null);
  const [confirm, setConfirm] = useState<'cancel' | 'dispose' | null>(null);

  const open = (openJobs.data ?? []).filter(isOpen).sort(newestFirst);
  // The newest open job is resumed, and held on to: a finished (or cancelled) job leaves the open
  // list, and the wizard must stay on it to show its Done step rather than fall back to step 1.
  if (chosenJobId === undefined && open[0]) setChosenJobId(open[0].jobId);
  const jobId = chosenJobId === undefined ? (open[0]?.jobId ?? null) : chosenJobId;
  const jobQuery = useImportJob(jobId);
  const job = jobId === null ? undefined : jobQuery.data;
  const key = jobId === null ? '' : String(jobId);
  const step = stepOf(job, stage?.jobId === key ? stage.stage : null);
  const stepIndex = importSteps.indexOf(step);
  const designs = added?.jobId === key ? added.designs : null;
  const archiveOf = (archiveId: number) => archives.data?.find((archive) => archive.archiveId === archiveId)?.archiveName ?? String(archiveId);
  /** A job by what it is to the user, its archive and when it started ("Main archive · 25 Nov 14:32"), not its id. */
  const jobName = (other: ImportJob) => t('import.jobName', { archive: archiveOf(other.archiveId), date: formatJobTime(other.createdAt, i18n.resolvedLanguage) });
  const archiveName = job ? archiveOf(job.archiveId) : '';

  if (chosenJobId === undefined && openJobs.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: 4, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={t('import.loading')} />
      </Paper>
    );
  }

  const startNew = () => {
    setChosenJobId(null);
    setStage(null);
  };
  const cancellable = job && (job.state === 'uploading' || job.state === 'processing' || job.state === 'processed');
  const disposable = job && (job.state === 'uploading' || job.state === 'processed' || job.state === 'cancelled');
  const working = jobId !== null && !job && jobQuery.isPending;

  const failedFiles = job?.files.filter((file) => file.state === 'failed' || file.state === 'cancelled') ?? [];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="import-title">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
        <Box>
          <Typography variant="h2" id="import-title">
            {t('import.title')}
          </Typography>
          {job && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }} data-testid="job-info">
              <Typography variant="body2" color="text.secondary" data-job-id={String(job.jobId)}>
                {jobName(job)}
              </Typography>
              <Chip size="small" color={stateColor[job.state] ?? 'default'} label={t(`import.states.${job.state}`)} data-testid="job-state" data-state={job.state} />
            </Stack>
          )}
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {open.length > 0 && (
            <TextField
              select
              size="small"
              margin="none"
              label={t('import.openJobs')}
              value={jobId === null ? '' : String(jobId)}
              onChange={(event) => {
                const next = open.find((other) => String(other.jobId) === event.target.value);
                setChosenJobId(next ? next.jobId : null);
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 240 }}
            >
              <option value="">{t('import.newJob')}</option>
              {open.map((other) => (
                <option key={String(other.jobId)} value={String(other.jobId)}>
                  {t('import.jobOption', { name: jobName(other), count: other.files.length })}
                </option>
              ))}
            </TextField>
          )}
          {job && (
            <Button onClick={startNew} variant="outlined">
              {t('import.newImport')}
            </Button>
          )}
          {cancellable && (
            <Button color="error" variant="outlined" onClick={() => setConfirm('cancel')}>
              {t('import.cancelJob')}
            </Button>
          )}
          {disposable && (
            <Button color="error" onClick={() => setConfirm('dispose')}>
              {t('import.disposeJob')}
            </Button>
          )}
        </Stack>
      </Stack>

      <Stepper activeStep={stepIndex} alternativeLabel sx={{ mb: 3 }} data-testid="import-stepper" data-step={step}>
        {importSteps.map((name) => (
          <Step key={name} completed={importSteps.indexOf(name) < stepIndex || (name === 'done' && step === 'done')}>
            <StepLabel>{t(`import.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      <ErrorAlert error={openJobs.error} onRetry={() => void openJobs.refetch()} />
      <ErrorAlert error={jobQuery.error} onRetry={() => void jobQuery.refetch()} />
      {jobQuery.error && (
        <Button onClick={startNew} sx={{ mb: 2 }}>
          {t('import.newImport')}
        </Button>
      )}

      {working ? (
        <LinearProgress />
      ) : job?.state === 'cancelled' ? (
        <Alert severity="warning" data-testid="job-cancelled">
          {t('import.cancelled')}
        </Alert>
      ) : (
        <Box data-testid={`step-${step}`}>
          {step === 'upload' && !jobQuery.error && <UploadStep job={job} onUploaded={(answer) => setChosenJobId(answer.jobId)} />}
          {step === 'process' && job && <ProcessStep job={job} />}
          {step === 'merge' && job && <MergeStep key={key} job={job} onStay={() => setStage({ jobId: key, stage: 'merge' })} onNext={() => setStage({ jobId: key, stage: 'add' })} />}
          {step === 'add' && job && (
            <AddStep
              job={job}
              archiveName={archiveName}
              added={designs}
              onAdded={(result) => setAdded({ jobId: key, designs: result })}
              onBack={() => setStage({ jobId: key, stage: 'merge' })}
              onOpenDesign={onOpenDesign}
            />
          )}
          {step === 'done' && job && (
            <Stack spacing={2}>
              <Alert severity="success" data-testid="import-done">
                {t('done.title', { archive: archiveName })}
              </Alert>
              <ImportResult designs={designs ?? addedDesignsOf(job)} onOpenDesign={onOpenDesign} />
              <div>
                <Button variant="contained" onClick={startNew}>
                  {t('done.newImport')}
                </Button>
              </div>
            </Stack>
          )}
        </Box>
      )}

      {job && job.files.length > 0 && (step === 'upload' || step === 'process') && (
        <Box sx={{ mt: 3 }}>
          <ImportFilesTable job={job} files={job.files} editable title={t('files.title', { count: job.files.length })} />
        </Box>
      )}
      {job && failedFiles.length > 0 && step !== 'upload' && step !== 'process' && (
        <Box sx={{ mt: 3 }}>
          <ImportFilesTable job={job} files={failedFiles} editable={job.state === 'processed'} title={t('files.notImported')} />
        </Box>
      )}

      {job && (
        <>
          <ConfirmDialog
            open={confirm === 'cancel'}
            title={t('import.cancelTitle')}
            confirmLabel={t('import.cancelJob')}
            destructive
            pending={cancel.isPending}
            onClose={() => setConfirm(null)}
            onConfirm={() =>
              cancel.mutate(job.jobId, {
                onSuccess: () => toast(t('import.cancelledToast'), 'info'),
                onSettled: () => setConfirm(null),
              })
            }
          >
            {t('import.cancelBody')}
          </ConfirmDialog>
          <ConfirmDialog
            open={confirm === 'dispose'}
            title={t('import.disposeTitle')}
            confirmLabel={t('import.disposeJob')}
            destructive
            pending={dispose.isPending}
            onClose={() => setConfirm(null)}
            onConfirm={() =>
              dispose.mutate(job.jobId, {
                onSuccess: () => {
                  toast(t('import.disposedToast'), 'info');
                  startNew();
                },
                onSettled: () => setConfirm(null),
              })
            }
          >
            {t('import.disposeBody')}
          </ConfirmDialog>
        </>
      )}
      <ErrorAlert error={cancel.error ?? dispose.error} />
    </Paper>
  );
}

/** Step 2: the job's overall progress while the server reads the files (the table shows each file). */
function ProcessStep({ job }: { job: ImportJob }) {
  const { t } = useTranslation('designAdmin');
  const total = job.files.filter((file) => file.state !== 'cancelled').length;
  const done = job.files.filter((file) => file.state === 'processed' || file.state === 'failed' || file.state === 'added').length;
  return (
    <Box data-testid="job-progress">
      <Typography sx={{ mb: 1 }}>{t('process.running', { done, total })}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          <LinearProgress variant="determinate" value={job.progress} aria-label={t('process.overall')} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 48 }}>
          {Math.round(job.progress)} %
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('process.hint')}
      </Typography>
    </Box>
  );
}
