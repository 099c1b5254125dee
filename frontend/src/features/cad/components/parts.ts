import { deferred } from '@/lib/deferred';

// What a CAD button shows on a click, each in a chunk of its own (see lib/deferred.ts).

/** A CAD button's menu of formats. */
export const formatMenu = deferred(() => import('./format-menu'));

/** The dialog that follows a "download all" zip being made. */
export const bundleDialog = deferred(() => import('./bundle-dialog'));
