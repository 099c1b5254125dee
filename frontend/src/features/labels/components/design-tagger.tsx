import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@/api/api-error';
import { SkipNextIcon } from '@/components/icons/skip-next-icon';
import { errorCodeOf } from '@/lib/error-message';
import { useImageUrl } from '@/lib/image-url';
import type { AdminLabel, LabelSuggestion, TaggedDesign } from '../types';
import { LabelChooser } from './label-chooser';

type Props = {
  design: TaggedDesign;
  suggestions: readonly LabelSuggestion[];
  labels: readonly AdminLabel[];
  saving: boolean;
  skipping: boolean;
  /** The last save's or skip's failure. */
  error: unknown;
  /** The choice changed: a failure about the previous choice no longer applies. */
  onEdit: () => void;
  onSave: (labelIds: number[]) => void;
  onSkip: () => void;
};

/** One design to label: its preview, number and file name, the label chooser, and save-and-next / skip. */
export function DesignTagger({ design, suggestions, labels, saving, skipping, error, onEdit, onSave, onSkip }: Props) {
  const { t } = useTranslation(['labels', 'errors']);
  const imageUrl = useImageUrl();
  const [chosen, setChosen] = useState<number[]>([]);
  // Saving with nothing chosen: said at once, in the very words of the server's refusal.
  const [nothingChosen, setNothingChosen] = useState(false);
  const busy = saving || skipping;

  const toggle = (labelId: number) => {
    setChosen((current) => (current.includes(labelId) ? current.filter((id) => id !== labelId) : [...current, labelId]));
    setNothingChosen(false);
    onEdit();
  };

  const save = () => {
    if (busy) return;
    if (chosen.length === 0) {
      setNothingChosen(true);
      return;
    }
    onSave(chosen);
  };

  // Ctrl+Enter (⌘+Enter) saves from anywhere in the tagger; caught before a focused chip or button
  // would take the Enter as a click of its own.
  const saveKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    save();
  };

  const problem: ErrorCode | null = nothingChosen ? 'label_selection_required' : error ? errorCodeOf(error) : null;

  return (
    <Box onKeyDownCapture={saveKey} sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Box component="figure" sx={{ m: 0 }} data-testid="tagging-design">
        <Box
          component="img"
          src={imageUrl(design.preview)}
          width={design.width}
          height={design.height}
          alt={t('tagging.previewAlt', { name: design.designName })}
          sx={{ display: 'block', maxWidth: '100%', height: 'auto', maxHeight: '70vh', objectFit: 'contain', mx: 'auto', bgcolor: 'action.hover', borderRadius: 1 }}
        />
        <Box component="figcaption" sx={{ mt: 1 }}>
          <Typography variant="h2" component="p" data-testid="tagging-design-number">
            {design.designName}
          </Typography>
          {design.originalName && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="tagging-design-original-name">
              {design.originalName}
            </Typography>
          )}
        </Box>
      </Box>
      <Stack spacing={2}>
        <LabelChooser labels={labels} suggestions={suggestions} chosen={chosen} onToggle={toggle} onSave={save} />
        {problem && (
          <Alert severity={nothingChosen ? 'warning' : 'error'} role="alert" data-testid="tagging-problem" data-code={problem}>
            {t(`errors:${problem}`)}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onSkip} disabled={saving} loading={skipping} startIcon={<SkipNextIcon />}>
            {t('tagging.skip')}
          </Button>
          <Button variant="contained" onClick={save} disabled={skipping} loading={saving} aria-keyshortcuts="Control+Enter">
            {t('tagging.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
