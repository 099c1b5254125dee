/**
 * The design page's actions that later issues fill in. Each one is already in the component tree
 * (components/design-actions.tsx) but stays hidden while its flag is false, so the page never shows
 * a button that does nothing. Turn a flag on in the change that makes its action work.
 */
export type DesignFeature =
  /** Search for colorways similar to the shown one. */
  | 'similarColorways'
  /** The design at print size: the 75 cm design view. */
  | 'printSize'
  /** The design repeated on 150 cm wide fabric. */
  | 'fabric'
  /** The design repeated with its offset. */
  | 'repeatView'
  /** Wear (garment) models to visualise the colorway on. */
  | 'wearModels';

export const designFeatures: Record<DesignFeature, boolean> = {
  similarColorways: false,
  printSize: false,
  fabric: false,
  repeatView: false,
  wearModels: false,
};

/** Spec section 9: the design views are 75 cm and 150 cm wide. */
export const designViewWidthsCm = { printSize: 75, fabric: 150 } as const;
