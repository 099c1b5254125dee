import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';
import { useConfiguration } from '@/api/reference/get-configuration';
import { deferred, WhenLoaded } from '@/lib/deferred';

/**
 * The language choice: its select (MUI's input family) is a chunk of its own, asked for when the
 * app bar first shows, so no page's first paint waits for it; its place is kept meanwhile.
 */
const languageSelect = deferred(() => import('@/components/language-select'));

/** The language select once it is there; until then the room it takes (none when the studio switched it off). */
function ToolbarLanguageSelect() {
  const configuration = useConfiguration();
  return (
    <WhenLoaded part={languageSelect} load fallback={configuration.data?.languageSelection === false ? null : <Box sx={{ minWidth: 130, height: 40 }} />}>
      {({ LanguageSelect }) => <LanguageSelect variant="toolbar" />}
    </WhenLoaded>
  );
}

type Props = {
  /** Left of the brand (the admin menu button). */
  start?: ReactNode;
  /** Where the brand leads: the archive, or nowhere (null) on pages for visitors without an account. */
  brandTo?: string | null;
  /** Right of the brand: where the user is (the admin page's name). */
  title?: string;
  /** Right of the brand: the pages to go to (the customer's Archive and Favorites). */
  nav?: ReactNode;
  /** Right of the language choice (account actions). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The app bar every in-app layout shares: brand, the page's name, language switch, actions; content below. */
export function AppBarFrame({ start, brandTo = '/', title, nav, actions, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {start}
          {brandTo === null ? (
            <Typography component="p" variant="h6" sx={{ fontWeight: 700, flexShrink: 0 }}>
              {t('appName')}
            </Typography>
          ) : (
            <Typography component={RouterLink} to={brandTo} variant="h6" sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexShrink: 0 }}>
              {t('appName')}
            </Typography>
          )}
          <Box component="nav" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 0.5, ml: nav ? 2 : 0 }}>
            {nav}
            {title && (
              <Typography component="p" variant="subtitle1" noWrap data-testid="app-bar-page" sx={{ borderLeft: 1, borderColor: 'rgba(255,255,255,0.5)', pl: 1.5, ml: 0.5 }}>
                {title}
              </Typography>
            )}
          </Box>
          <ToolbarLanguageSelect />
          {actions}
        </Toolbar>
      </AppBar>
      {children}
    </Box>
  );
}
