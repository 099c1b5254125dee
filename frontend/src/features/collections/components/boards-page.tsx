import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from '@/lib/router';
import { useCollections } from '@/api/reference/get-collections';
import { ErrorAlert } from '@/components/error-alert';
import { PageSpinner } from '@/components/page-spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCollection } from '../api/get-collection';
import { isNotFound } from '../lib/not-found';
import { boardsPath, idOf, subCollectionPath } from '../lib/paths';
import type { SubCollection } from '../types';
import { CollectionBreadcrumbs } from './collection-breadcrumbs';
import { CoverCard, CoverGrid } from './cover-card';
import { StateMessage } from './state-message';

/** What a sub-collection holds, as its card says it: "Mood board · 12 images", "Design page · 8 designs". */
function useSubCollectionMeta() {
  const { t } = useTranslation('collections');
  const holds = (sub: SubCollection) => {
    switch (sub.kind) {
      case 'mood':
        return `${t('kinds.mood')} · ${t('counts.images', { count: sub.itemCount })}`;
      case 'design':
        return `${t('kinds.design')} · ${t('counts.designs', { count: sub.itemCount })}`;
      default:
        return t('kinds.unset');
    }
  };
  return (sub: SubCollection) => withState(t, sub, holds(sub));
}

/** Staff see inactive (sub-)collections on the boards too: their card says customers do not see them. */
function withState(t: TFunction<'collections'>, node: { isActive?: boolean }, meta: string): string {
  return node.isActive === false ? `${meta} · ${t('boards.inactive')}` : meta;
}

/** /boards: every active collection as a cover, leading to its sub-collections. */
function AllCollections() {
  const { t } = useTranslation('collections');
  useDocumentTitle(t('boards.title'));
  const collections = useCollections();
  return (
    <Stack spacing={2} data-testid="boards">
      <Box>
        <Typography variant="h1">{t('boards.title')}</Typography>
        <Typography color="text.secondary">{t('boards.intro')}</Typography>
      </Box>
      {collections.isPending && <PageSpinner />}
      <ErrorAlert error={collections.error} onRetry={() => void collections.refetch()} />
      {collections.data?.length === 0 && <StateMessage title={t('boards.empty')} hint={t('boards.emptyHint')} testId="boards-empty" />}
      {collections.data && collections.data.length > 0 && (
        <CoverGrid label={t('boards.title')}>
          {collections.data.map((collection) => (
            <CoverCard
              key={collection.id}
              id={collection.id}
              to={boardsPath(collection.id)}
              image={collection.coverUri}
              title={collection.name}
              description={collection.description}
              meta={withState(t, collection, t('counts.subCollections', { count: collection.subCollections.length }))}
              testId="collection-card"
            />
          ))}
        </CoverGrid>
      )}
    </Stack>
  );
}

/** The way back when a collection cannot be shown. */
function BackToBoards() {
  const { t } = useTranslation('collections');
  return (
    <Button component={RouterLink} to={boardsPath()} variant="outlined">
      {t('boards.back')}
    </Button>
  );
}

/** /boards/{id}: one collection's sub-collections as covers, each opening its mood board or design page. */
function OneCollection({ id }: { id: number | null }) {
  const { t } = useTranslation('collections');
  const collection = useCollection(id);
  const meta = useSubCollectionMeta();
  useDocumentTitle(collection.data?.name ?? t('boards.title'));

  if (id === null || isNotFound(collection.error)) {
    return <StateMessage title={t('boards.notFound')} action={<BackToBoards />} testId="collection-not-found" />;
  }
  if (collection.isPending) return <PageSpinner />;
  if (collection.error) return <ErrorAlert error={collection.error} onRetry={() => void collection.refetch()} />;

  const { name, description, subCollections } = collection.data;
  return (
    <Stack spacing={2} data-testid="collection-board" data-id={collection.data.id}>
      <CollectionBreadcrumbs items={[{ label: t('boards.title'), to: boardsPath() }, { label: name }]} />
      <Box>
        <Typography variant="h1">{name}</Typography>
        {description && (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {description}
          </Typography>
        )}
      </Box>
      {subCollections.length === 0 ? (
        <StateMessage title={t('boards.nothingVisible')} hint={t('boards.nothingVisibleHint')} action={<BackToBoards />} testId="collection-empty" />
      ) : (
        <CoverGrid label={name}>
          {subCollections.map((sub) => (
            <CoverCard
              key={sub.id}
              id={sub.id}
              to={subCollectionPath(sub)}
              image={sub.coverUri}
              title={sub.name}
              description={sub.description}
              meta={meta(sub)}
              testId="sub-collection-card"
            />
          ))}
        </CoverGrid>
      )}
    </Stack>
  );
}

/**
 * /boards/{id?}: without an id, the active collections as a board of covers; with one, that
 * collection's sub-collections (a mood board opens /board-moods/{id}, a design page
 * /collections-design/{id}).
 */
export function BoardsPage() {
  const { id } = useParams();
  return id === undefined ? <AllCollections /> : <OneCollection key={id} id={idOf(id)} />;
}
