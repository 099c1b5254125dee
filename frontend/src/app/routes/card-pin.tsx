import { CardPinButton } from '@/features/pins/components/card-pin-button';
import type { SearchResult } from '@/types/search';

/** The pin on an archive card, for admins only (nothing for customers): pins or unpins the design the card shows. */
export function cardPin(result: SearchResult) {
  return (
    <CardPinButton
      design={{ designGuid: result.designGuid, designName: result.designName, colorwayGuid: result.activeVariantGuid || null, thumbnail: result.thumbnail }}
      pinned={result.pinned}
    />
  );
}
