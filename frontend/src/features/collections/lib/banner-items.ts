import { bannerImageUrl } from '@/lib/image-url';
import type { StudioBanner } from '@/types/configuration';
import type { Collection } from '../types';

/** One banner of the archive's strip: one of the studio's own (the configuration's), or a collection marked as a banner. */
export type StripItem = { kind: 'studio'; banner: StudioBanner } | { kind: 'collection'; collection: Collection };

/**
 * The strip's banners: first the studio's (in their order), then the collections marked as banners
 * of those the viewer sees, in the collections' order. Staff are answered inactive collections too:
 * customers do not see those, so neither does the shop window.
 */
export function stripItems(studio: readonly StudioBanner[], collections: readonly Collection[]): StripItem[] {
  return [
    ...studio.map((banner) => ({ kind: 'studio' as const, banner })),
    ...collections.filter((collection) => collection.isBanner && collection.isActive !== false).map((collection) => ({ kind: 'collection' as const, collection })),
  ];
}

/** The picture a banner shows: a studio banner's large rendition, a collection's cover (null without one). */
export function stripItemImage(item: StripItem): string | null {
  return item.kind === 'studio' ? bannerImageUrl(item.banner.id, 'large') : item.collection.coverUri;
}
