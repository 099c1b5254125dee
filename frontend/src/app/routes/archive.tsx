import { ArchiveSearchPage } from '@/features/archive/components/archive-search-page';
import { formatMenu } from '@/features/cad/components/parts';
import { addToListDialog } from '@/features/favorites/components/parts';
import { deferred, usePreload, WhenLoaded } from '@/lib/deferred';
import type { SearchResult } from '@/types/search';

/**
 * The studio's banners: their strip is a chunk of its own (nothing shows before their data anyway),
 * asked for with the route (preloaded with it, see webpack.config.js), not after its first render:
 * their data is asked for with the page (archive-prefetch.ts), so they can be in its first paint.
 */
const bannerStrip = deferred(() => import(/* webpackChunkName: "banner-strip" */ '@/features/collections/components/banner-strip'));
void bannerStrip.load();
/** Likewise what other features add to the cards and the search (the heart, the pin, the line sheet): the results paint without waiting for them. */
const archiveActions = deferred(() => import(/* webpackChunkName: "archive-actions" */ './archive-actions'));
void archiveActions.load();

function cardActions(result: SearchResult) {
  return (
    <WhenLoaded part={archiveActions} load>
      {({ ArchiveCardActions }) => <ArchiveCardActions result={result} />}
    </WhenLoaded>
  );
}

/**
 * / and /archive: the archive search, each card with the favorite heart for the colorway it shows
 * (and for admins the pin that puts the design at the end of the pinned ones or takes it out),
 * and for those with the right the line sheet of the page shown (with infinite scroll, the first
 * page); the studio's banners (its own, then its banner collections) above the search.
 */
export function ArchiveRoute() {
  // The modal a card's heart opens and the line sheet's menu, there before they are pressed.
  usePreload(addToListDialog, formatMenu);
  return (
    <ArchiveSearchPage
      banner={
        <WhenLoaded part={bannerStrip} load>
          {({ BannerStrip }) => <BannerStrip />}
        </WhenLoaded>
      }
      cardAction={cardActions}
      searchActions={({ form, page, pageSize, scope, complete, ready }) => (
        <WhenLoaded part={archiveActions} load>
          {({ CadExportSearchButton }) => <CadExportSearchButton form={form} page={page} pageSize={pageSize} scope={scope} complete={complete} disabled={!ready} />}
        </WhenLoaded>
      )}
    />
  );
}
