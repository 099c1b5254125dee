import { ArchiveSearchPage } from '@/features/archive/components/archive-search-page';
import { CadExportSearchButton } from '@/features/cad/components/cad-export-search-button';
import { BannerStrip } from '@/features/collections/components/banner-strip';
import { cardFavorite } from './card-favorite';

/**
 * / and /archive: the archive search, each card with the favorite heart for the colorway it shows,
 * and for those with the right the line sheet of the page shown (with infinite scroll, the first page);
 * the studio's banner collections above the search.
 */
export function ArchiveRoute() {
  return (
    <ArchiveSearchPage
      banner={<BannerStrip />}
      cardAction={cardFavorite}
      searchActions={({ form, page, pageSize, scope, complete, ready }) => (
        <CadExportSearchButton form={form} page={page} pageSize={pageSize} scope={scope} complete={complete} disabled={!ready} />
      )}
    />
  );
}
