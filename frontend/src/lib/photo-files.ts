import type { ErrorCode } from '@/api/api-error';

/** The server's limits for photos (mood images, collection thumbnails, the studio's banners; docs/API.md): JPEG, PNG or WebP, at most 20 MB. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

/** For the file picker's `accept`. */
export const PHOTO_ACCEPT = [...PHOTO_TYPES, ...PHOTO_EXTENSIONS.map((extension) => `.${extension}`)].join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * What the server would refuse without reading the image: another type, or over 20 MB. The server
 * checks the content (and the 40 megapixels) and stays the authority.
 */
export function checkPhoto(file: File): ErrorCode | null {
  const typed = file.type ? (PHOTO_TYPES as readonly string[]).includes(file.type) : (PHOTO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!typed) return 'photo_unsupported';
  if (file.size > MAX_PHOTO_BYTES) return 'photo_too_large';
  return null;
}
