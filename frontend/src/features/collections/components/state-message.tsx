import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { title: string; hint?: string; action?: ReactNode; testId: string };

/** An empty or unavailable page: what it means, and where to go (when there is somewhere). */
export function StateMessage({ title, hint, action, testId }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }} data-testid={testId}>
      <Typography variant="h6" component="p" gutterBottom={Boolean(hint || action)}>
        {title}
      </Typography>
      {hint && (
        <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
          {hint}
        </Typography>
      )}
      {action}
    </Paper>
  );
}
