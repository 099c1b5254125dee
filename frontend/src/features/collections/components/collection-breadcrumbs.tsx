import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';

export type Crumb = { label: string; to?: string };

/** Where a page sits: Boards › collection › sub-collection › …; the last crumb is the page itself. */
export function CollectionBreadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation('collections');
  return (
    <Breadcrumbs aria-label={t('breadcrumbs')} data-testid="collection-breadcrumbs" sx={{ '& .MuiBreadcrumbs-ol': { flexWrap: 'wrap' } }}>
      {items.map((item, index) =>
        item.to && index < items.length - 1 ? (
          <Link key={index} component={RouterLink} to={item.to} underline="hover" color="inherit">
            {item.label}
          </Link>
        ) : (
          <Typography key={index} color="text.primary" aria-current={index === items.length - 1 ? 'page' : undefined}>
            {item.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
