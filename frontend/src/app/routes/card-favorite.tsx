import { CardFavoriteButton } from '@/features/favorites/components/card-favorite-button';
import type { SearchResult } from '@/types/search';

/** The favorite heart on an archive card, for the colorway the card shows (the archive's and the design pages' grids). */
export function cardFavorite(result: SearchResult) {
  return (
    <CardFavoriteButton
      colorway={{
        designGuid: result.designGuid,
        colorwayGuid: result.activeVariantGuid,
        designName: result.designName,
        colorwayName: result.activeVariantName,
        thumbnail: result.thumbnail ?? '',
      }}
    />
  );
}
