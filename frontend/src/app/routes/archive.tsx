import { ArchiveSearchPage } from '@/features/archive/components/archive-search-page';
import { CardFavoriteButton } from '@/features/favorites/components/card-favorite-button';

/** / and /archive: the archive search, each card with the favorite heart for the colorway it shows. */
export function ArchiveRoute() {
  return (
    <ArchiveSearchPage
      cardAction={(result) => (
        <CardFavoriteButton
          colorway={{
            designGuid: result.designGuid,
            colorwayGuid: result.activeVariantGuid,
            designName: result.designName,
            colorwayName: result.activeVariantName,
            thumbnail: result.thumbnail ?? '',
          }}
        />
      )}
    />
  );
}
