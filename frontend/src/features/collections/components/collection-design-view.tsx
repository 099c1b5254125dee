import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDesignPage } from '../api/get-design-page';
import { isNotFound } from '../lib/not-found';
import { boardsPath, idOf } from '../lib/paths';
import type { DesignGroup } from '../types';
import { CollectionBreadcrumbs } from './collection-breadcrumbs';
import { StateMessage } from './state-message';

type Props = {
  /** The route's id parameter: the design-page sub-collection. */
  id: string | undefined;
  /** A group's designs (the archive's result grid, composed by the app); called only for a group with results. */
  children: (group: DesignGroup) => ReactNode;
};

/**
 * /collections-design/{id}: a design page's groups in order, each a heading over its designs; a
 * group with no design the viewer sees says so, and so does a page with none at all.
 */
export function CollectionDesignView({ id, children }: Props) {
  const { t } = useTranslation('collections');
  const pageId = idOf(id);
  const page = useDesignPage(pageId);
  useDocumentTitle(page.data?.name ?? t('designPage.title'));

  if (pageId === null || isNotFound(page.error)) {
    return (
      <StateMessage
        title={t('designPage.notFound')}
        action={
          <Button component={RouterLink} to={boardsPath()} variant="outlined">
            {t('boards.back')}
          </Button>
        }
        testId="design-page-not-found"
      />
    );
  }
  if (page.isPending) return <PageSpinner />;
  if (page.error) return <ErrorAlert error={page.error} onRetry={() => void page.refetch()} />;

  const { name, description, collection, groups } = page.data;
  const anyVisible = groups.some((group) => group.results.length > 0);
  return (
    <Stack spacing={3} data-testid="design-page" data-id={page.data.id}>
      <Stack spacing={2}>
        <CollectionBreadcrumbs items={[{ label: t('boards.title'), to: boardsPath() }, { label: collection.name, to: boardsPath(collection.id) }, { label: name }]} />
        <Box>
          <Typography variant="h1">{name}</Typography>
          {description && (
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {description}
            </Typography>
          )}
        </Box>
      </Stack>
      {!anyVisible ? (
        <StateMessage title={t('designPage.nothingVisible')} hint={t('designPage.nothingVisibleHint')} testId="design-page-empty" />
      ) : (
        groups.map((group) => (
          <Box component="section" key={group.id} aria-labelledby={`design-group-${group.id}`} data-testid="design-group" data-group={group.name}>
            <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
              <Typography id={`design-group-${group.id}`} variant="h2">
                {group.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('counts.designs', { count: group.results.length })}
              </Typography>
            </Stack>
            {group.results.length === 0 ? (
              <Typography color="text.secondary" data-testid="design-group-empty">
                {t('designPage.groupEmpty')}
              </Typography>
            ) : (
              children(group)
            )}
          </Box>
        ))
      )}
    </Stack>
  );
}
