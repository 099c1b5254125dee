import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LanguageSelect } from '../language-select';

type Props = { title: string; children: ReactNode };

/** The frame of the public account screens: brand, language choice, a titled card. */
export function AuthLayout({ title, children }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper component="main" variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
          <Box>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
              {t('appName')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('tagline')}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
        <LanguageSelect />
      </Paper>
    </Box>
  );
}
