import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useReasonText } from '../lib/code-text';
import type { Reason } from '../types';

/** What reading a file noticed (an assumed colour profile, too many colours for screens), translated. */
export function FileWarnings({ warnings }: { warnings: Reason[] }) {
  const reasonText = useReasonText();
  if (warnings.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
      {warnings.map((warning) => (
        <Chip
          key={`${warning.code}:${warning.text}`}
          size="small"
          color="warning"
          variant="outlined"
          label={reasonText(warning)}
          data-testid="file-warning"
          data-reason={warning.code}
        />
      ))}
    </Stack>
  );
}
