import type { ColorwayHeader, ThumbnailVariant } from '@/types/design';

/**
 * The best thumbnail of a colorway: the variant asked for, else the vertical and horizontal
 * design thumbnails, any other variant, and the preview last.
 */
export function colorwayThumbnail(colorway: ColorwayHeader, preferred: ThumbnailVariant = 'd/v'): string | null {
  const thumbnails = colorway.images?.thumbnails ?? {};
  return thumbnails[preferred] ?? thumbnails['d/v'] ?? thumbnails['d/h'] ?? Object.values(thumbnails)[0] ?? colorway.images?.preview ?? null;
}
