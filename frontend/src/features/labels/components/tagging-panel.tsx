import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { useDebounced } from '@/lib/use-debounced';
import { useManagedLabels } from '../api/get-labels';
import { useUnlabeledDesign } from '../api/get-unlabeled-design';
import { useSaveDesignLabels } from '../api/save-design-labels';
import { useSkipDesign } from '../api/skip-design';
import type { TaggingProgress as Progress } from '../types';
import { DesignTagger } from './design-tagger';

/**
 * The "Label designs" tab: the design reserved for this admin (optionally only among designs whose
 * number or file name holds a text), labelled and saved, which brings the next one.
 */
export function TaggingPanel() {
  const { t } = useTranslation('labels');
  const [filter, setFilter] = useState('');
  const name = useDebounced(filter.trim());
  const answer = useUnlabeledDesign(name);
  const labels = useManagedLabels();
  const save = useSaveDesignLabels(name);
  const skip = useSkipDesign(name);
  const design = answer.data?.design;

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('tagging.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          type="search"
          size="small"
          margin="none"
          label={t('tagging.designFilter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ maxWidth: { md: 420 } }}
        />
        {answer.data && <TaggingProgress progress={answer.data.progress} />}
      </Stack>
      {(answer.isFetching || labels.isPending) && <LinearProgress aria-hidden="true" />}
      <ErrorAlert error={answer.error} onRetry={() => void answer.refetch()} />
      <ErrorAlert error={labels.error} onRetry={() => void labels.refetch()} />
      {design && labels.data && (
        <DesignTagger
          // A new design starts with nothing chosen and the label filter focused.
          key={design.designGuid}
          design={design}
          suggestions={answer.data?.suggestions ?? []}
          labels={labels.data}
          saving={save.isPending}
          skipping={skip.isPending}
          error={save.error ?? skip.error}
          onEdit={() => {
            if (save.error) save.reset();
          }}
          onSave={(labelIds) => {
            skip.reset();
            save.mutate({ designGuid: design.designGuid, labelIds });
          }}
          onSkip={() => {
            save.reset();
            skip.mutate(design.designGuid);
          }}
        />
      )}
      {answer.data && !design && (
        <Alert severity="success" data-testid="tagging-done">
          <AlertTitle>{t('tagging.done')}</AlertTitle>
          {name ? t('tagging.doneFiltered', { name }) : t('tagging.doneBody')}
        </Alert>
      )}
    </Stack>
  );
}

/** Done, left and total, in the user's number format, with a bar. */
function TaggingProgress({ progress }: { progress: Progress }) {
  const { t, i18n } = useTranslation('labels');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  const share = progress.total > 0 ? (progress.done / progress.total) * 100 : 100;
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2" data-testid="tagging-progress">
        {t('tagging.progress', { done: number.format(progress.done), remaining: number.format(progress.remaining), total: number.format(progress.total) })}
      </Typography>
      <LinearProgress variant="determinate" value={share} aria-label={t('tagging.progressLabel')} sx={{ mt: 0.5, height: 8, borderRadius: 1 }} />
    </Box>
  );
}
