/** A dynamic parameter's name in each interface language. */
export type ParameterName = { tr: string; en: string; ru: string };

/**
 * GET /get/configuration: the studio's general settings the web app follows (anyone may read it,
 * the sign-in page too). Saved by an admin at any time (Admin → Settings).
 */
export type ClientConfiguration = {
  /** Users may choose the interface language; off: no language picker, the account's language. */
  languageSelection: boolean;
  aiSearch: boolean;
  cadSelection: boolean;
  cadDownloadAll: boolean;
  export: boolean;
  /** The archive the archive search opens with; -1 every archive. */
  defaultArchiveId: number;
  /** The archive search's initial order: 0 upload date, 1 modify date, 2 number. */
  defaultOrder: number;
  /** Designs per page of the archive search (10 to 100). */
  pageSize: number;
  /** "" this server; else an http(s) origin (+ path) serving the same design and wear image paths. */
  contentImageBase: string;
  /** The names of dp0 to dp9. */
  parameterNames: ParameterName[];
};
