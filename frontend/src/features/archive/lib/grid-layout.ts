/** The result grid's geometry: cards at least CARD_MIN_WIDTH wide, a square thumbnail and a caption. */
export const CARD_MIN_WIDTH = 190;
export const GRID_GAP = 16;
/** The number, a row of colorway swatches and a row of label chips. */
export const CAPTION_HEIGHT = 92;

/** The page's content width before it could be measured (the lg container less its padding). */
export function estimatedGridWidth(viewportWidth: number): number {
  if (viewportWidth <= 0) return 1152;
  const padding = viewportWidth < 600 ? 32 : 48;
  return Math.max(0, Math.min(viewportWidth, 1200) - padding);
}

export function gridColumns(width: number): number {
  if (width <= 0) return 1;
  const fit = Math.floor((width + GRID_GAP) / (CARD_MIN_WIDTH + GRID_GAP));
  return Math.max(width < 300 ? 1 : 2, fit);
}

export function cardWidth(width: number, columns: number): number {
  return Math.max(0, (width - GRID_GAP * (columns - 1)) / columns);
}

/** The height of one row of cards, the gap below it included. */
export function gridRowHeight(width: number, columns: number): number {
  return Math.round(cardWidth(width, columns) + CAPTION_HEIGHT + GRID_GAP);
}
