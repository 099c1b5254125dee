/** A favorite list (spec section 3): the count is of the colorways the user may see now. */
export type FavoriteList = {
  id: string;
  name: string;
  entryCount: number;
  created: string;
  /** When the list was last shared with the studio. */
  shared?: string;
  /** The newest colorways' portrait thumbnails (at most 4), only when asked for; absent when none. */
  thumbnails?: string[];
};

/** One colorway of a list. */
export type FavoriteEntry = {
  designGuid: string;
  colorwayGuid: string;
  listId: string;
  designName: string;
  colorwayName: string;
  /** The colorway's portrait thumbnail. */
  thumbnail: string;
  added: string;
};

export type FavoriteListEntries = FavoriteList & { entries: FavoriteEntry[] };

/** Which of the user's lists hold a colorway. */
export type ColorwayLists = { colorwayGuid: string; listIds: string[] };

/** The colorway a user adds or removes. */
export type ColorwayRef = { designGuid: string; colorwayGuid: string };

/** A colorway as the add-to-list button shows and adds it. */
export type ShownColorway = ColorwayRef & { designName: string; colorwayName: string; thumbnail: string };

/** A list a customer shared with the studio, as admins read it. */
export type SharedList = FavoriteList & {
  userGuid: string;
  userName: string;
  userEmail: string;
  customerName: string | null;
  sharedAt: string;
  /** How often it was shared. */
  times: number;
};

export type SharedListEntries = SharedList & { entries: FavoriteEntry[] };
