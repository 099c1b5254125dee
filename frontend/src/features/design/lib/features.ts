/**
 * The design page's actions that later issues fill in. Each one is already in the component tree
 * (components/design-actions.tsx) but stays hidden while its flag is false, so the page never shows
 * a button that does nothing. Turn a flag on in the change that makes its action work.
 */
export type DesignFeature =
  /** Search for colorways similar to the shown one. */
  'similarColorways';

export const designFeatures: Record<DesignFeature, boolean> = {
  similarColorways: false,
};
