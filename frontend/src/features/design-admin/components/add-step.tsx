import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { useAddToArchive } from '../api/add-to-archive';
import { useCompleteTransfer } from '../api/complete-transfer';
import { addedDesignsOf, currentGroups, usableFiles } from '../lib/job-flow';
import type { AddedDesign, ImportJob } from '../types';
import { ImportResult } from './import-result';

type Props = {
  job: ImportJob;
  archiveName: string;
  /** The add answer, while this page has it; else the result is read from the job's files. */
  added: AddedDesign[] | null;
  onAdded: (designs: AddedDesign[]) => void;
  onBack: () => void;
  onOpenDesign: (designGuid: string) => void;
};

/** Step 4: what will go into the archive, the add (with a confirmation), then the result and the transfer's end. */
export function AddStep({ job, archiveName, added, onAdded, onBack, onOpenDesign }: Props) {
  const { t } = useTranslation('designAdmin');
  const add = useAddToArchive();
  const complete = useCompleteTransfer();
  const [confirming, setConfirming] = useState(false);

  if (job.state === 'added') {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{t('add.added', { archive: archiveName })}</Alert>
        <ImportResult designs={added ?? addedDesignsOf(job)} onOpenDesign={onOpenDesign} />
        <ErrorAlert error={complete.error} />
        <div>
          <Button variant="contained" onClick={() => complete.mutate(job.jobId)} loading={complete.isPending}>
            {t('add.finish')}
          </Button>
        </div>
      </Stack>
    );
  }

  const files = new Map(usableFiles(job).map((file) => [String(file.fileId), file]));
  const designs = currentGroups(job).map((group) => group.map((id) => files.get(id)).filter((file) => file !== undefined));
  const colorways = designs.reduce((sum, design) => sum + design.length, 0);

  return (
    <Stack spacing={2}>
      <Typography>{t('add.intro', { archive: archiveName })}</Typography>
      <Table size="small" aria-label={t('add.summary')} data-testid="add-summary">
        <TableHead>
          <TableRow>
            <TableCell>{t('add.columns.design')}</TableCell>
            <TableCell>{t('add.columns.colorways')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {designs.map((design) => (
            <TableRow key={design.map((file) => String(file.fileId)).join(',')}>
              <TableCell sx={{ fontWeight: 600 }}>{design[0]?.designNumber ?? '—'}</TableCell>
              <TableCell>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {design.map((file) => (
                    <Chip key={String(file.fileId)} size="small" label={`${file.colorwayName ?? '—'} · ${file.name}`} />
                  ))}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ErrorAlert error={add.error} />
      <Stack direction="row" spacing={1}>
        <Button onClick={onBack} disabled={add.isPending}>
          {t('add.back')}
        </Button>
        <Button variant="contained" onClick={() => setConfirming(true)} disabled={add.isPending}>
          {t('add.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('add.confirmTitle')}
        confirmLabel={t('add.submit')}
        pending={add.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          add.mutate(job.jobId, {
            onSuccess: (answer) => onAdded(answer.designs),
            onSettled: () => setConfirming(false),
          })
        }
      >
        {t('add.confirmBody', { designs: designs.length, colorways, archive: archiveName })}
      </ConfirmDialog>
    </Stack>
  );
}
