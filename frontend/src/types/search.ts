import type { DesignType, ScreenStatus } from './design';

/** The archive search's answer: the archive's grid, a favorite list's and every other card grid show it. */
export type ResultLabel = { id: number; label: string; labelSef: string };

/** A colorway of a result, in the design's order: `color` is the palette colour covering most of it. */
export type ResultColorway = { colorwayGuid: string; colorwayName: string; color: string | null };

/** A row of POST /search/design/basic: a design with the colorway the search matched. */
export type SearchResult = {
  designGuid: string;
  designName: string;
  designType: DesignType | string;
  activeVariantGuid: string;
  activeVariantName: string;
  originalVariantGuid: string;
  originalVariantName: string;
  labels: ResultLabel[];
  moldState: ScreenStatus | string;
  /** Absent when the studio hides closed countries from the viewer. */
  closedCountries?: string[];
  isConfined: boolean;
  pinned: boolean;
  colorwayCount: number;
  /** Every colorway of the design, in order. */
  colorways: ResultColorway[];
  /** The active colorway's "d/v" thumbnail, served with the session cookie (a plain <img src>). */
  thumbnail: string | null;
  thumbnails: Record<string, string>;
  /** CIEDE2000 distance of the design's closest palette colour to the searched one, when a colour was given. */
  colorDistance: number | null;
  /**
   * How well the design matches the searched colour, 0 to 100: closeness weighed by how much of the
   * design has the colour. The results are ordered by it, best first.
   */
  colorMatch?: number | null;
  /** A search by picture or colorway: how close (from 8 up, the picture was found in the colorway). */
  score?: number;
  /** The design's file name (search by picture), absent when hidden from the viewer. */
  originalName?: string;
  /** Where the searched picture sits in the shown colorway: its corners in a `width` x `height` frame. */
  match?: MatchOutline;
};

/** The picture's outline in a colorway: four corners (top left, top right, bottom right, bottom left). */
export type MatchOutline = { polygon: [number, number][]; width: number; height: number };

/** One page of results; `currentPage` counts from 0. */
export type SearchPage = {
  results: SearchResult[];
  totalCount: number;
  totalPage: number;
  currentPage: number;
  pageSize: number;
};

/** The page after `last`, or undefined at the end. */
export function nextPageOf(last: SearchPage): number | undefined {
  const next = last.currentPage + 1;
  return next < last.totalPage && last.results.length > 0 ? next : undefined;
}
