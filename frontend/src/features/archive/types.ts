export type ScreenStatus = 'engraved' | 'not_engraved' | 'faded' | 'none';
export type DesignType = 'rotary' | 'digital';

export type ResultLabel = { id: number; label: string; labelSef: string };

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
  closedCountries: string[];
  isConfined: boolean;
  pinned: boolean;
  colorwayCount: number;
  /** The active colorway's "d/v" thumbnail, served with the session cookie (a plain <img src>). */
  thumbnail: string | null;
  thumbnails: Record<string, string>;
  /** CIEDE2000 distance to the searched colour, when a colour was given. */
  colorDistance: number | null;
};

/** One page of results; `currentPage` counts from 0. */
export type SearchPage = {
  results: SearchResult[];
  totalCount: number;
  totalPage: number;
  currentPage: number;
  pageSize: number;
};

/** A swatch of the colour picker; `name` is a translation key under filters.color.names. */
export type ColorSwatch = { name: string; hex: string };
