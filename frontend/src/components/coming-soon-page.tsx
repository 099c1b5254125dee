import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMatches } from '@/lib/router';
import { useTranslation } from 'react-i18next';
import type adminEn from '@/locales/en/admin.json';
import type pagesEn from '@/locales/en/pages.json';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The translation key of a page title: a route's `handle.titleKey`. */
export type PageTitleKey = `pages:titles.${keyof typeof pagesEn.titles}` | `admin:menu.${keyof typeof adminEn.menu}`;
export type PageHandle = { titleKey: PageTitleKey };

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'titleKey' in handle;
}

/** Every route that is not built yet: its translated title and a "coming soon" note. */
export function ComingSoonPage() {
  const { t } = useTranslation(['pages', 'admin']);
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isPageHandle)
    .at(-1);
  const title = handle ? t(handle.titleKey) : t('pages:comingSoon');
  useDocumentTitle(title);
  return (
    <Paper variant="outlined" sx={{ p: 4 }} data-testid="coming-soon">
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="h2" color="secondary" gutterBottom>
        {t('pages:comingSoon')}
      </Typography>
      <Typography color="text.secondary">{t('pages:comingSoonBody')}</Typography>
    </Paper>
  );
}
