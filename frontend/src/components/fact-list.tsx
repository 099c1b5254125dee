import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One row of a fact list: a stable `key` (also `data-fact` on the value), its label and value. */
export type Fact = { key: string; label: string; value: ReactNode };

/** Read-only facts as a two-column description list (<dl>): label left, value right. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
      {facts.map((fact) => (
        <Box key={fact.key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fact.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }} data-fact={fact.key}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
