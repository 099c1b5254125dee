import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Thumbnail } from '@/components/thumbnail';
import { formatBytes } from '@/lib/format';
import { useMergeJob } from '../api/merge-job';
import { useNumberColorways } from '../api/number-colorways';
import { useNumberDesigns } from '../api/number-designs';
import {
  groupsForRequest,
  hasColorwayNames,
  hasDesignNumbers,
  isMerged,
  moveFile,
  proposedGroups,
  sameGroups,
  usableFiles,
  type FileGroups,
} from '../lib/job-flow';
import type { ImportFile, ImportJob } from '../types';
import { FileWarnings } from './file-warnings';

type Props = {
  job: ImportJob;
  /** Keeps the user on this step while working on it (a numbered job would otherwise open the add step). */
  onStay: () => void;
  onNext: () => void;
};

const NEW_GROUP = 'new';

/**
 * Step 3: the proposed designs as cards (files that differ only by the colorway part of their
 * name are one design). Staff move files between designs or split one out, confirm the merge,
 * then number the designs and their colorways.
 */
export function MergeStep({ job, onStay, onNext }: Props) {
  const { t, i18n } = useTranslation('designAdmin');
  const merge = useMergeJob();
  const numberDesigns = useNumberDesigns();
  const numberColorways = useNumberColorways();
  // The grouping as the user edits it; null = as the server has or proposes it.
  const [draft, setDraft] = useState<{ base: FileGroups; groups: FileGroups } | null>(null);
  // Set once a merge succeeded here (a merge that leaves every file alone is not visible in the job).
  const [mergedHere, setMergedHere] = useState(false);

  const server = proposedGroups(job, mergedHere);
  // A draft made on an older state of the job is dropped.
  const editing = draft && sameGroups(draft.base, server) ? draft.groups : null;
  const groups = editing ?? server;
  const changed = editing !== null && !sameGroups(editing, server);
  const merged = isMerged(job, mergedHere) && !changed;
  const numbered = hasDesignNumbers(job);
  const named = hasColorwayNames(job);
  const files = new Map(usableFiles(job).map((file) => [String(file.fileId), file]));
  const pending = merge.isPending || numberDesigns.isPending || numberColorways.isPending;
  const error = merge.error ?? numberDesigns.error ?? numberColorways.error;

  if (files.size === 0) return <Alert severity="warning">{t('merge.nothing')}</Alert>;

  const move = (fileId: string, target: string) => {
    const next = moveFile(groups, fileId, target === NEW_GROUP ? null : Number(target));
    setDraft({ base: server, groups: next });
  };

  const designTitle = (group: string[], index: number) => {
    const numbers = new Set(group.map((id) => files.get(id)?.designNumber).filter(Boolean));
    return merged && numbers.size === 1 ? [...numbers][0] : t('merge.design', { index: index + 1 });
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('merge.intro')}</Typography>
      {changed && <Alert severity="info">{t('merge.changed')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
        {groups.map((group, index) => (
          <Card key={group.join(',')} variant="outlined" data-testid="merge-group">
            <CardHeader
              title={designTitle(group, index)}
              subheader={t('merge.colorways', { count: group.length })}
              slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 600 }, 'data-testid': 'merge-group-title' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <Stack spacing={1.5}>
                {group.map((id) => {
                  const file = files.get(id);
                  return file ? <GroupFile key={id} file={file} groups={groups} index={index} onMove={move} locale={i18n.resolvedLanguage} disabled={pending} /> : null;
                })}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
      <ErrorAlert error={error} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {changed && (
          <Button onClick={() => setDraft(null)} disabled={pending}>
            {t('merge.reset')}
          </Button>
        )}
        <Button
          variant={merged ? 'outlined' : 'contained'}
          loading={merge.isPending}
          disabled={pending}
          onClick={() => {
            onStay();
            merge.mutate({ jobId: job.jobId, groups: groupsForRequest(job, groups) }, {
              onSuccess: () => {
                setDraft(null);
                setMergedHere(true);
              },
            });
          }}
        >
          {merged ? t('merge.mergeAgain') : t('merge.merge')}
        </Button>
        <Button
          variant={merged && !numbered ? 'contained' : 'outlined'}
          loading={numberDesigns.isPending}
          disabled={!merged || pending}
          onClick={() => {
            onStay();
            numberDesigns.mutate(job.jobId);
          }}
        >
          {t('merge.numberDesigns')}
        </Button>
        <Button
          variant={merged && numbered && !named ? 'contained' : 'outlined'}
          loading={numberColorways.isPending}
          disabled={!merged || !numbered || pending}
          onClick={() => {
            onStay();
            numberColorways.mutate(job.jobId);
          }}
        >
          {t('merge.numberColorways')}
        </Button>
        <Button variant="contained" color="secondary" disabled={!merged || !numbered || !named || pending} onClick={onNext}>
          {t('merge.next')}
        </Button>
      </Stack>
    </Stack>
  );
}

type GroupFileProps = {
  file: ImportFile;
  groups: FileGroups;
  index: number;
  onMove: (fileId: string, target: string) => void;
  locale: string | undefined;
  disabled: boolean;
};

function GroupFile({ file, groups, index, onMove, locale, disabled }: GroupFileProps) {
  const { t } = useTranslation('designAdmin');
  const alone = (groups[index]?.length ?? 0) === 1;
  return (
    <Stack direction="row" spacing={1.5} data-testid="merge-file" data-name={file.name}>
      <Thumbnail src={file.thumbnail} alt={file.name} size={64} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {file.name}
          </Typography>
          {file.colorwayName && <Chip size="small" color="primary" label={file.colorwayName} data-testid="colorway-name" />}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="div">
          {[
            t('merge.channels', { count: file.channels.length }),
            file.width && file.height ? t('files.pixels', { width: file.width, height: file.height }) : null,
            formatBytes(file.byteSize, locale),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <FileWarnings warnings={file.warnings} />
        <TextField
          select
          size="small"
          margin="dense"
          label={t('merge.moveTo')}
          value={String(index)}
          disabled={disabled}
          onChange={(event) => onMove(String(file.fileId), event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-label': t('merge.moveFile', { name: file.name }) } }}
          sx={{ maxWidth: 220 }}
        >
          {groups.map((_group, other) => (
            <option key={other} value={String(other)}>
              {t('merge.design', { index: other + 1 })}
            </option>
          ))}
          {!alone && <option value={NEW_GROUP}>{t('merge.newDesign')}</option>}
        </TextField>
      </Box>
    </Stack>
  );
}
