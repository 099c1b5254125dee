/**
 * The favorites' query keys, under one root: a change to a list invalidates what it touched (see
 * update-lists.ts), `favoritesKeys.all` when it may have touched anything.
 */
export const favoritesKeys = {
  all: ['favorites'] as const,
  /** GET /favorites/lists: the lists with their counts (the app bar, the add-to-list dialog); the root of the one below. */
  lists: ['favorites', 'lists'] as const,
  /** GET /favorites/lists?thumbnails=4: the same with each list's newest thumbnails (the lists page's mosaics). */
  listsWithThumbnails: ['favorites', 'lists', 'thumbnails'] as const,
  /** GET /favorites/colorways?ids=…: which lists hold a colorway (a card's heart, the dialog's ticks), one key per colorway. */
  colorway: (colorwayGuid: string) => ['favorites', 'colorway', colorwayGuid] as const,
  /** The root of every colorway's key. */
  colorways: ['favorites', 'colorway'] as const,
  /** GET /favorites/entries/{id}: one list with its entries. */
  entries: (id: string) => ['favorites', 'entries', id] as const,
  /** GET /search/favorites/{id}/{page}/{pageSize}: a list's colorways as cards. */
  cards: (id: string) => ['favorites', 'cards', id] as const,
  /** GET /admin/favorites/shared: the lists shared with the studio (admins). */
  shared: ['favorites', 'shared'] as const,
  /** GET /admin/favorites/shared/{id}: one of them with its colorways. */
  sharedList: (id: string) => ['favorites', 'shared', id] as const,
};
