import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCodeText, useReasonText } from '../lib/code-text';
import type { Refusal } from '../types';

/** The files the server did not take, each with its translated reason. */
export function RefusalList({ refusals }: { refusals: Refusal[] }) {
  const { t } = useTranslation('designAdmin');
  const codeText = useCodeText();
  const reasonText = useReasonText();
  if (refusals.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="refusals">
      <AlertTitle>{t('upload.refusedTitle')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {refusals.map((refusal) => (
          <li key={`${refusal.name}:${refusal.code}`} data-testid="refusal" data-name={refusal.name} data-code={refusal.code}>
            <strong>{refusal.name}</strong>: {codeText(refusal.code, refusal.message)}
            {refusal.reason && <span data-testid="refusal-reason"> {reasonText(refusal.reason)}</span>}
            {/* The server names the design and colorway the image is already in. */}
            {refusal.code === 'already_in_archive' && refusal.message && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                ({refusal.message})
              </Typography>
            )}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
