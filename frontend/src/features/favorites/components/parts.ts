import { deferred } from '@/lib/deferred';

/** The add-to-list modal: a chunk of its own, loaded when a heart or "Lists" opens it (see lib/deferred.ts). */
export const addToListDialog = deferred(() => import('./add-to-list-dialog'));
