import type { SearchResult } from '@/types/search';

export type { Collection, CollectionKind, SubCollection } from '@/types/collection';

/** The collection a sub-collection belongs to (the breadcrumb back to it). */
export type ParentCollection = { id: number; name: string };

/**
 * A colorway tagged on a mood image. `x`, `y` mark the fabric on the image as fractions (0–1) from
 * the left and the top, or are null when the studio did not place it.
 */
export type MoodTag = {
  designGuid: string;
  colorwayGuid: string;
  designName: string;
  colorwayName: string;
  thumbnail: string | null;
  x: number | null;
  y: number | null;
};

/** A photo of a mood board: `thumbnailUri` fits in 480 px, `largeImageUri` in 2,000 px; `width`, `height` of the large one. */
export type MoodImage = {
  id: number;
  thumbnailUri: string;
  largeImageUri: string;
  width: number;
  height: number;
  colorways: MoodTag[];
};

/** GET /collections/get-mood-boards/{id}: a mood sub-collection with the images the viewer sees, in order. */
export type MoodBoard = {
  id: number;
  name: string;
  description: string;
  collection: ParentCollection;
  images: MoodImage[];
};

/**
 * A named group of a design page: `designCount` designs the viewer may see, and the archive's result
 * cards of the first of them (48) in the group's order; the rest come a page at a time from
 * POST /basic-colleciton/get/{id}/{groupId}/{page}/{pageSize}.
 */
export type DesignGroup = { id: number; name: string; designCount: number; results: SearchResult[] };

/** POST /basic-colleciton/get/{id}: a design-page sub-collection with its groups in order. */
export type DesignPage = {
  id: number;
  name: string;
  description: string;
  collection: ParentCollection;
  groups: DesignGroup[];
};

/** A design of a stock page, at preview size. */
export type StockDesign = {
  designGuid: string;
  designName: string;
  colorwayGuid: string;
  colorwayName: string;
  previewUri: string;
};

/** GET /public/stock/{slug}: a collection published for one customer company, read without signing in. */
export type StockPage = {
  customerName: string;
  name: string;
  description: string;
  designs: StockDesign[];
};
