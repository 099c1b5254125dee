/** A text in each interface language. */
export type LocalizedText = { tr: string; en: string; ru: string };

/** A dynamic parameter's name in each interface language. */
export type ParameterName = LocalizedText;

/**
 * One of the studio's banners atop the archive (Admin → Settings → General): an uploaded image
 * (GET /banner/{id}/large or /thumb), where it leads, and its caption in each language.
 */
export type StudioBanner = {
  id: string;
  /** "" not clickable; an app path ("/archive?labels=3"), opened in the app; or an http(s) address, opened in a new tab. */
  link: string;
  /** "" in a language: no caption there. */
  title: LocalizedText;
};

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
  /** "" this server; else the http(s) address of the `desen` instance design uploads go to (spec section 5). */
  uploadBase: string;
  /** The names of dp0 to dp9. */
  parameterNames: ParameterName[];
  /** The studio's banners atop the archive, in display order (before the banner collections). */
  banners: StudioBanner[];
};
