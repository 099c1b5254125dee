import type { PoolCriteria } from '@/types/pool';

/** What a sub-collection is, set once: a mood board (tagged photos) or a design page (design groups); `null` until then. */
export type CollectionKind = 'mood' | 'design';

/** A collection published for one customer company: the public page /custom/{slug}. */
export type StockPage = { slug: string; customerGuid: string; customerName: string; createdAt: string };

/** A node of GET /admin/new-collection/all: a collection (`parentId` null) or one of its sub-collections. */
export type CollectionNode = {
  id: number;
  parentId: number | null;
  name: string;
  description: string;
  isActive: boolean;
  /** Shown as a banner atop the archive (collections only; always false for a sub-collection). */
  isBanner: boolean;
  position: number;
  kind: CollectionKind | null;
  coverUri: string | null;
  itemCount: number;
  /** A collection's stock pages (sub-collections have none). */
  stockPages?: StockPage[];
  subCollections?: CollectionNode[];
};

/** A colorway tagged on a mood image; `x`, `y` (0–1 from the left and the top) mark the fabric, or are null. */
export type ImageTag = {
  designGuid: string;
  colorwayGuid: string;
  designName: string;
  colorwayName: string;
  thumbnail: string | null;
  x: number | null;
  y: number | null;
};

/** A photo of a mood board, re-encoded by the server in two sizes. */
export type MoodImage = {
  id: number;
  thumbnailUri: string;
  largeImageUri: string;
  width: number;
  height: number;
  colorways: ImageTag[];
};

/**
 * A smart group's saved search: the pools' criteria (crates/pools/src/criteria.rs), and how many
 * of the designs it finds the group shows (`resultsPerPage`: 25 when 0 or absent, at most 1,000).
 * A stored search comes back with every field the server keeps (dp0–dp9, `page`): they are sent
 * back as they came.
 */
export type SmartCriteria = PoolCriteria & { resultsPerPage?: number };

export type GroupDesign = { designGuid: string; designName: string; colorwayGuid?: string | null; thumbnail: string | null };

/**
 * A named group of a design page, its designs in order. A smart group has `criteria`, a saved
 * search (the pools' criteria): its designs are what that search finds, newest first, and the
 * server keeps them up to date; they are not chosen here.
 */
export type DesignGroup = { id?: number; name: string; criteria?: SmartCriteria | null; designs: GroupDesign[] };

/** GET /admin/new-collection/{id}: the node as in the tree, with its images (mood board) and groups (design page). */
export type CollectionDetail = CollectionNode & { images?: MoodImage[]; groups?: DesignGroup[] };

/** An option of the tagging autocomplete (GET /admin/new-collection/colorways). */
export type ColorwayOption = { designGuid: string; designName: string; colorwayGuid: string; colorwayName: string; thumbnail: string | null };

/** The create / edit form (multipart). */
export type CollectionForm = {
  name: string;
  description: string;
  isActive: boolean;
  /** A collection only: shown as a banner atop the archive (the server refuses it for a sub-collection). */
  isBanner: boolean;
  thumbnailImage: File | null;
};
