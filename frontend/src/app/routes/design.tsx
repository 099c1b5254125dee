import { DesignPage } from '@/features/design/components/design-page';
import { AddToListButton } from '@/features/favorites/components/add-to-list-button';

/** /design/{id}/{colorwayid?}: the design page, with adding the shown colorway to a favorite list. */
export function DesignRoute() {
  return (
    <DesignPage
      colorwayActions={(design, colorway) => (
        <AddToListButton
          colorway={{
            designGuid: design.guid,
            colorwayGuid: colorway.colorwayGuid,
            designName: design.designName,
            colorwayName: colorway.colorwayName,
            thumbnail: colorway.images.thumbnails['d/v'] ?? '',
          }}
        />
      )}
    />
  );
}
