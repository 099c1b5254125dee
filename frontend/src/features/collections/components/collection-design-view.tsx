import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@/lib/router';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDesignPage } from '../api/get-design-page';
import { isNotFound } from '../lib/not-found';
import { boardsPath, idOf } from '../lib/paths';
import type { DesignGroup } from '../types';
import { CollectionBreadcrumbs } from './collection-breadcrumbs';
import { DesignGroupSection, type GroupCardsState } from './design-group-section';
import { StateMessage } from './state-message';

type Props = {
  /** The route's id parameter: the design-page sub-collection. */
  id: string | undefined;
  /**
   * A group's designs (the archive's result grid, composed by the app); called only for a group
   * with results, `group.results` holding every card loaded so far (the first ones, then each
   * "Show more"'s), `group.designCount` how many there are in all.
   */
  children: (group: DesignGroup, state: GroupCardsState) => ReactNode;
};

/**
 * /collections-design/{id}: a design page's groups in order, each a heading over its designs (the
 * first 48, then "Show more" for the rest); a group with no design the viewer sees says so, and so
 * does a page with none at all.
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
          <DesignGroupSection key={group.id} pageId={page.data.id} group={group}>
            {children}
          </DesignGroupSection>
        ))
      )}
    </Stack>
  );
}
