import type { CollectionNode } from '../types';

/** The node with this id in the tree (a collection or a sub-collection), with its parent collection. */
export function findNode(tree: CollectionNode[] | undefined, id: number | null): { node: CollectionNode; parent: CollectionNode | null } | null {
  if (id === null || !tree) return null;
  for (const collection of tree) {
    if (collection.id === id) return { node: collection, parent: null };
    const sub = collection.subCollections?.find((child) => child.id === id);
    if (sub) return { node: sub, parent: collection };
  }
  return null;
}

/** The `:id` of the route as a number; null when absent or not a whole number. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** The page's path: `/admin/collections`, or with a (sub-)collection open. */
export function collectionPath(id?: number | null): string {
  return id === undefined || id === null ? '/admin/collections' : `/admin/collections/${id}`;
}
