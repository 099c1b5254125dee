import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@/lib/save-file';

/** The name of the downloaded file of recovery codes. */
export const RECOVERY_CODES_FILE = 'desen-recovery-codes.txt';

/** New recovery codes, shown this once: with a copy and a download, and a warning that they will not be shown again. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('auth');
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the codes stay on screen and can be downloaded.
      setCopied(false);
    }
  };
  return (
    <Box data-testid="recovery-codes" sx={{ my: 2 }}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('recoveryCodes.shownOnce')}
      </Alert>
      <Box
        component="ol"
        aria-label={t('recoveryCodes.title')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', columnGap: 4, rowGap: 0.5, pl: 3, my: 0, fontFamily: 'monospace', fontSize: '1rem', userSelect: 'all' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {copied ? t('recoveryCodes.copied') : t('recoveryCodes.copy')}
        </Button>
        <Button variant="outlined" onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), RECOVERY_CODES_FILE)}>
          {t('recoveryCodes.download')}
        </Button>
      </Stack>
    </Box>
  );
}
