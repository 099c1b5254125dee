import type { SubCollection } from '../types';

/** A route's id parameter as a collection, image or sub-collection id (a positive integer), else null. */
export function idOf(text: string | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /boards (every collection) or /boards/{id} (one collection's sub-collections). */
export function boardsPath(collectionId?: number): string {
  return collectionId === undefined ? '/boards' : `/boards/${collectionId}`;
}

/** A mood board's images. */
export function moodBoardPath(subCollectionId: number): string {
  return `/board-moods/${subCollectionId}`;
}

/** One image of a mood board, large, with its tagged colorways. */
export function moodImagePath(subCollectionId: number, imageId: number): string {
  return `/collections-mood-detail/${subCollectionId}/${imageId}`;
}

/** A design page's groups. */
export function designPagePath(subCollectionId: number): string {
  return `/collections-design/${subCollectionId}`;
}

/** Where a sub-collection opens: its mood board or its design page; null while its kind is not set. */
export function subCollectionPath(sub: Pick<SubCollection, 'id' | 'kind'>): string | null {
  switch (sub.kind) {
    case 'mood':
      return moodBoardPath(sub.id);
    case 'design':
      return designPagePath(sub.id);
    default:
      return null;
  }
}

/** The design page on a colorway (the archive's /design/{id}/{colorwayid}). */
export function designPath(designGuid: string, colorwayGuid: string): string {
  return `/design/${encodeURIComponent(designGuid)}/${encodeURIComponent(colorwayGuid)}`;
}
