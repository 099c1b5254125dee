/** A rectangle in an image's pixels. */
export type Rect = { x: number; y: number; width: number; height: number };

/** Selections smaller than this (in image pixels) are not a crop: the whole image is used. */
export const MIN_CROP_SIDE = 24;
/** A crop is sent at most this long a side (the search reads 512 px; more only costs upload). */
export const MAX_SENT_SIDE = 1600;

/** The rectangle between two points, inside a `width` x `height` image, rounded to pixels. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }, width: number, height: number): Rect {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const x0 = clamp(Math.min(a.x, b.x), width);
  const y0 = clamp(Math.min(a.y, b.y), height);
  const x1 = clamp(Math.max(a.x, b.x), width);
  const y1 = clamp(Math.max(a.y, b.y), height);
  return { x: Math.round(x0), y: Math.round(y0), width: Math.round(x1 - x0), height: Math.round(y1 - y0) };
}

/** The crop to search with: the selection, or the whole image when nothing (or too little) is selected. */
export function cropOrWhole(selection: Rect | null, width: number, height: number): Rect {
  if (!selection || selection.width < MIN_CROP_SIDE || selection.height < MIN_CROP_SIDE) return { x: 0, y: 0, width, height };
  return selection;
}

/** The size a crop is sent at: its own, or scaled down to MAX_SENT_SIDE a side. */
export function sentSize(rect: Rect): { width: number; height: number } {
  const scale = Math.min(1, MAX_SENT_SIDE / Math.max(rect.width, rect.height));
  return { width: Math.max(1, Math.round(rect.width * scale)), height: Math.max(1, Math.round(rect.height * scale)) };
}

/** The part `rect` of a loaded image as a JPEG. */
export function cropImage(image: CanvasImageSource, rect: Rect): Promise<Blob> {
  const size = sentSize(rect);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the crop could not be encoded'))), 'image/jpeg', 0.9);
  });
}

/** Image files the browser can show (and so crop); a TIFF is searched whole. */
export function isShowable(file: Blob): boolean {
  return ['image/jpeg', 'image/png', 'image/webp'].includes(file.type);
}
