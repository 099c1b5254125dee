import { useCallback } from 'react';
import { defaultConfiguration, useConfiguration } from '@/api/reference/get-configuration';

/** The image paths a content server may serve instead of this one: designs' and wear models'. */
const CONTENT_PATHS = ['/service/design/', '/service/wear/'] as const;

/**
 * Where to load an image the API answered from: a design or wear image path from `base` (the
 * configuration's `contentImageBase`, e.g. a CDN) when one is set, anything else as it came.
 */
export function imageUrl(path: string, base: string): string;
export function imageUrl(path: string | null | undefined, base: string): string | null | undefined;
export function imageUrl(path: string | null | undefined, base: string): string | null | undefined {
  const origin = base.trim().replace(/\/+$/, '');
  if (!path || !origin || !CONTENT_PATHS.some((prefix) => path.startsWith(prefix))) return path;
  return `${origin}${path}`;
}

/** `imageUrl` with the configured base: what every <img> and tile source of a design or wear image goes through. */
export function useImageUrl(): <T extends string | null | undefined>(path: T) => T {
  const base = (useConfiguration().data ?? defaultConfiguration).contentImageBase;
  return useCallback(<T extends string | null | undefined>(path: T) => imageUrl(path, base) as T, [base]);
}

/** The renditions of a studio banner: about 2000 px on the long side, and 480 px. */
export type BannerRendition = 'large' | 'thumb';

/**
 * Where a studio banner's image is (GET /banner/{id}/{rendition}, JPEG, for the session's cookie):
 * always this server, whatever the content image base says (it serves design and wear images only).
 */
export function bannerImageUrl(id: string, rendition: BannerRendition): string {
  return `/service/banner/${encodeURIComponent(id)}/${rendition}`;
}
