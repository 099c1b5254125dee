/** What a sub-collection is, set once by the studio: a mood board or a design page; `null` until then. */
export type CollectionKind = 'mood' | 'design';

/**
 * A sub-collection of POST /collections/all and /collections/get. `itemCount` is what the viewer
 * sees of it: the mood board's images or the design page's designs.
 */
export type SubCollection = {
  id: number;
  name: string;
  description: string;
  kind: CollectionKind | null;
  /** Its first visible image's or design's thumbnail, else null. */
  coverUri: string | null;
  itemCount: number;
  /** Customers get active ones only; staff get every one, and `false` marks what customers do not see. */
  isActive?: boolean;
};

/** A collection (a season, a theme) with its sub-collections, in their order. */
export type Collection = {
  id: number;
  name: string;
  description: string;
  /** The collection's own thumbnail, else its first visible image's or design's, else null. */
  coverUri: string | null;
  subCollections: SubCollection[];
  /** As a sub-collection's: `false` only in a staff member's answer. */
  isActive?: boolean;
  /** Shown as a banner atop the archive (the spec's banners list), set by the studio. */
  isBanner: boolean;
};

/** GET /get/special-lists: a list the archive search can be limited to (`specialListId`), named in the user's language. */
export type SpecialListOption = { id: number; name: string };
