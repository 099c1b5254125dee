import { useParams } from 'react-router';
import { ResultGrid } from '@/features/archive/components/result-grid';
import { CollectionDesignView } from '@/features/collections/components/collection-design-view';
import { cardFavorite } from './card-favorite';

/**
 * /collections-design/{id}: a design page of a collection, each group's designs in the archive's
 * grid and cards (in the group's order), each card with the favorite heart.
 */
export function CollectionDesignRoute() {
  const { id } = useParams();
  return (
    <CollectionDesignView id={id}>
      {(group) => <ResultGrid results={group.results} totalCount={group.results.length} cardAction={cardFavorite} />}
    </CollectionDesignView>
  );
}
