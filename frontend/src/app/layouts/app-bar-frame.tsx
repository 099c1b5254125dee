import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LanguageSelect } from '@/components/language-select';

type Props = {
  /** Left of the brand (the admin menu button). */
  start?: ReactNode;
  /** Right of the language choice (account actions). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The app bar every in-app layout shares: brand, language switch, actions; content below. */
export function AppBarFrame({ start, actions, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {start}
          <Link component={RouterLink} to="/" color="inherit" underline="none" variant="h6" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {t('appName')}
          </Link>
          <LanguageSelect variant="toolbar" />
          {actions}
        </Toolbar>
      </AppBar>
      {children}
    </Box>
  );
}
