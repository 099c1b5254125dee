/**
 * The favorites' query keys, under one root: every change to a list invalidates `favoritesKeys.all`
 * (the lists with their counts in the app bar, the lists page, the add-to-list dialog, a list's cards).
 */
export const favoritesKeys = {
  all: ['favorites'] as const,
  /** GET /favorites/lists-entries: every list with its entries. */
  listsEntries: ['favorites', 'lists-entries'] as const,
  /** GET /search/favorites/{id}/{page}/{pageSize}: a list's colorways as cards. */
  cards: (id: string) => ['favorites', 'cards', id] as const,
  /** GET /admin/favorites/shared: the lists shared with the studio (admins). */
  shared: ['favorites', 'shared'] as const,
  /** GET /admin/favorites/shared/{id}: one of them with its colorways. */
  sharedList: (id: string) => ['favorites', 'shared', id] as const,
};
