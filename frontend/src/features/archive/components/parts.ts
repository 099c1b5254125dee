import { deferred } from '@/lib/deferred';

// What the archive's first paint does not show, each in a chunk of its own: loaded when opened,
// or once the archive has painted (ArchiveSearchPage preloads them). See lib/deferred.ts.

/**
 * The search bar's controls, the order's select and the filters' chips: asked for with the archive
 * search's chunk (archive-search-page.tsx), not waited for by its first paint.
 */
export const searchControls = deferred(() => import(/* webpackChunkName: "search-controls" */ './search-controls'));

/** The drawer of the other filters (its selects, toggles, the customer picker). */
export const filterDrawer = deferred(() => import('./filter-drawer'));

/** The colour filter's panel (swatches, picker, the tolerance slider). */
export const colorPanel = deferred(() => import('./color-panel'));

/** The search by picture's dialog (drop, paste, crop), the archive's and the design page's. */
export const pictureDialog = deferred(() => import('./picture-dialog'));

/** The search settings' menu. */
export const settingsMenu = deferred(() => import('./settings-menu-popup'));

/** The labels' autocomplete (MUI's Autocomplete and its popper). */
export const labelAutocomplete = deferred(() => import('./label-autocomplete'));

/** The pager under paged results. */
export const resultsPager = deferred(() => import('./results-pager'));

/** The progress bar over results a newer search is replacing. */
export const progressBar = deferred(() => import('@mui/material/LinearProgress'));
