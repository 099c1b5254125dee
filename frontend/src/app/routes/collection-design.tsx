import { useParams } from '@/lib/router';
import { ResultGrid } from '@/features/archive/components/result-grid';
import { CollectionDesignView } from '@/features/collections/components/collection-design-view';
import { cardFavorite } from './card-favorite';

/**
 * /collections-design/{id}: a design page of a collection, each group's designs in the archive's
 * grid and cards (in the group's order), each card with the favorite heart; a row of skeleton
 * cards while a group's "Show more" loads.
 */
export function CollectionDesignRoute() {
  const { id } = useParams();
  return (
    <CollectionDesignView id={id}>
      {(group, { loadingMore }) => (
        <ResultGrid results={group.results} totalCount={group.designCount} pendingRows={loadingMore ? 1 : 0} cardAction={cardFavorite} />
      )}
    </CollectionDesignView>
  );
}
