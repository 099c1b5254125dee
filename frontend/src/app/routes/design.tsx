import { CadDownloadAllButton } from '@/features/cad/components/cad-download-all-button';
import { CadDownloadButton } from '@/features/cad/components/cad-download-button';
import { CadExportButton } from '@/features/cad/components/cad-export-button';
import { DesignPage } from '@/features/design/components/design-page';
import { AddToListButton } from '@/features/favorites/components/add-to-list-button';
import { pictureDialog } from '@/features/archive/components/parts';
import { SimilarActions } from '@/features/archive/components/similar-actions';
import { bundleDialog, formatMenu } from '@/features/cad/components/parts';
import { addToListDialog } from '@/features/favorites/components/parts';
import { usePreload } from '@/lib/deferred';

/**
 * /design/{id}/{colorwayid?}: the design page, with adding the shown colorway to a favorite list
 * and, for those with the rights, its CAD file, a zip of all the design's colorways and the
 * design's line sheet, and the archive searched by likeness to the colorway or a part of it.
 */
export function DesignRoute() {
  // What the actions open, there before they are pressed.
  usePreload(addToListDialog, formatMenu, bundleDialog, pictureDialog);
  return (
    <DesignPage
      colorwayActions={(design, colorway) => {
        const rotary = design.designType === 'rotary';
        return (
          <>
            <AddToListButton
              colorway={{
                designGuid: design.guid,
                colorwayGuid: colorway.colorwayGuid,
                designName: design.designName,
                colorwayName: colorway.colorwayName,
                thumbnail: colorway.images.thumbnails['d/v'] ?? '',
              }}
            />
            <CadDownloadButton designGuid={design.guid} colorwayGuid={colorway.colorwayGuid} rotary={rotary} />
            <CadDownloadAllButton target={{ designGuid: design.guid }} scope="design" rotary={rotary} />
            <CadExportButton target={{ designGuid: design.guid }} />
            <SimilarActions colorwayGuid={colorway.colorwayGuid} preview={colorway.images.preview} />
          </>
        );
      }}
    />
  );
}
