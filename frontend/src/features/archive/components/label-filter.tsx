import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabels } from '@/api/reference/get-labels';
import { OutlinedTextField } from '@/components/outlined-fields';
import { Tooltip } from '@/components/tooltip';
import { useDeferred, whenIdle } from '@/lib/deferred';
import type { LabelMode } from '../lib/search-filters';
import { labelAutocomplete } from './parts';

type Props = {
  value: number[];
  mode: LabelMode;
  onChange: (labels: number[]) => void;
  onModeChange: (mode: LabelMode) => void;
};

/** Chips the autocomplete shows unfocused (its `limitTags`); the others are counted. */
const SHOWN_CHIPS = 2;

/**
 * The labels field as it looks until its autocomplete is there (requested once the archive has
 * painted): the chosen labels, read-only. Reaching for it focuses the autocomplete when it comes.
 */
function LabelFieldPlaceholder({ value, onReach }: { value: number[]; onReach: () => void }) {
  const { t } = useTranslation(['search', 'archive']);
  const labels = useLabels();
  const name = (id: number) => labels.data?.find((label) => label.id === id)?.label ?? `#${id}`;
  const rest = value.length - SHOWN_CHIPS;
  return (
    <OutlinedTextField
      size="small"
      margin="none"
      label={t('filters.labels')}
      value=""
      onChange={onReach}
      placeholder={value.length === 0 ? t('filters.labelsPlaceholder') : undefined}
      startAdornment={
        value.length > 0 && (
          <>
            {value.slice(0, SHOWN_CHIPS).map((id) => (
              <Chip key={id} size="small" label={name(id)} sx={{ m: '2px', minWidth: 0 }} />
            ))}
            {rest > 0 && <Typography component="span" variant="body2" sx={{ mx: 0.5 }}>{`+${rest}`}</Typography>}
          </>
        )
      }
      inputAttributes={{ readOnly: true, onFocus: onReach }}
      // As MUI's small Autocomplete lays out its input.
      sx={{ flex: 1, minWidth: 0, '& .MuiOutlinedInput-root': { flexWrap: 'nowrap', p: '6px' }, '& .MuiOutlinedInput-input': { py: '2.5px', pl: 1 } }}
    />
  );
}

/** Labels: an autocomplete of chips, grouped by header, and whether a design needs all of them or any. */
export function LabelFilter({ value, mode, onChange, onModeChange }: Props) {
  const { t } = useTranslation(['search', 'archive']);
  const autocomplete = useDeferred(labelAutocomplete);
  const [reached, setReached] = useState(false);
  useEffect(() => {
    // At once when reached for, else once the page is idle (not in the way of the results' first paint).
    if (reached) void labelAutocomplete.load();
    else return whenIdle(() => void labelAutocomplete.load());
  }, [reached]);

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flex: '2 1 320px', minWidth: 0 }}>
      {autocomplete ? (
        <autocomplete.LabelAutocomplete value={value} onChange={onChange} autoFocus={reached} />
      ) : (
        <LabelFieldPlaceholder value={value} onReach={() => setReached(true)} />
      )}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_event, next: LabelMode | null) => {
          if (next) onModeChange(next);
        }}
        aria-label={t('filters.labelMode.label')}
        data-testid="label-mode"
        data-mode={mode}
        sx={{ flexShrink: 0 }}
      >
        <Tooltip describeChild title={t('filters.labelMode.allHint')}>
          <ToggleButton value="all" sx={{ px: 1.25, textTransform: 'none' }}>
            {t('filters.labelMode.all')}
          </ToggleButton>
        </Tooltip>
        <Tooltip describeChild title={t('filters.labelMode.anyHint')}>
          <ToggleButton value="any" sx={{ px: 1.25, textTransform: 'none' }}>
            {t('filters.labelMode.any')}
          </ToggleButton>
        </Tooltip>
      </ToggleButtonGroup>
    </Box>
  );
}
