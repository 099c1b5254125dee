import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { Tooltip } from '@/components/tooltip';
import type { ResultLabel } from '../types';

/** Label chips that fit one line of the narrowest card; the rest are counted. */
const MAX_LABELS = 2;

const chipSx = { height: 20, fontSize: '0.7rem', '& .MuiChip-label': { px: 0.75 } } as const;

/** A result's labels, a few as chips and "+N" for the others (named in its tooltip). */
export function LabelChips({ labels }: { labels: ResultLabel[] }) {
  const shown = labels.slice(0, MAX_LABELS);
  const rest = labels.slice(MAX_LABELS);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap', gap: 0.5, height: 20, minWidth: 0, overflow: 'hidden' }} data-testid="result-labels">
      {shown.map((label) => (
        <Chip key={label.id} size="small" variant="outlined" label={label.label} data-testid="result-label" sx={{ ...chipSx, minWidth: 0, flexShrink: 1 }} />
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.map((label) => label.label).join(', ')} disableInteractive>
          <Chip size="small" label={`+${rest.length}`} data-testid="result-labels-more" sx={{ ...chipSx, flexShrink: 0 }} />
        </Tooltip>
      )}
    </Box>
  );
}
