/** The CAD formats the server knows (docs/API.md, "CAD files"). */
export const cadFormatNames = ['production', 'separations', 'original'] as const;
export type CadFormatName = (typeof cadFormatNames)[number];

/** A format the user may ask for: `id` is the form's `cadId`. */
export type CadFormat = { id: number; name: CadFormatName };

/** GET /cad/rights: what the UI may show. `formats` is empty without the right, the default alone while "CAD selection" is off. */
export type CadRights = {
  download: boolean;
  selection: boolean;
  downloadAll: boolean;
  /** "Export line sheet" (PDF or CSV) of a design or a favorite list. */
  export: boolean;
  formats: CadFormat[];
};

export type BundleState = 'queued' | 'building' | 'ready' | 'failed';

/** A download-all zip and how far it is (POST /cad/download-all, GET /cad/downloads/{id}). */
export type CadBundle = {
  id: string;
  name: string;
  state: BundleState;
  done: number;
  total: number;
  bytes: number;
  /** Why it failed, as an error code. */
  error: string | null;
  /** Until when the finished zip can be fetched. */
  expires: string;
};

/** What a download-all or a line sheet holds: a design's colorways, or a favorite list's. */
export type BundleTarget = { designGuid: string } | { listId: string };

/**
 * One page of the archive search: the form POST /search/design/basic/{page}/{pageSize} was sent,
 * as it was sent, with its page (from 0) and page size. Its line sheet holds each result's shown colorway.
 */
export type SearchPageTarget = { search: { form: Record<string, string>; page: number; pageSize: number } };

/** What a line sheet holds: a design's or a favorite list's colorways, or a search page's. */
export type LineSheetTarget = BundleTarget | SearchPageTarget;

/** The line sheet's formats (POST /cad/export `format`), in the menu's order. */
export const lineSheetFormats = ['pdf', 'csv'] as const;
export type LineSheetFormat = (typeof lineSheetFormats)[number];
