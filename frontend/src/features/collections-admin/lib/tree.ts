import { moveItem } from '@/lib/move-item';
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

/** The nodes among which `id` has its place: the collections, or its collection's sub-collections. */
export function siblingsOf(tree: CollectionNode[], id: number): CollectionNode[] | null {
  if (tree.some((collection) => collection.id === id)) return tree;
  return tree.find((collection) => collection.subCollections?.some((sub) => sub.id === id))?.subCollections ?? null;
}

/** The tree with node `id` moved to `position` among its siblings (0 first; beyond the last, last), as the server orders them. */
export function moveInTree(tree: CollectionNode[], id: number, position: number): CollectionNode[] {
  const reorder = (nodes: CollectionNode[]) => {
    const from = nodes.findIndex((node) => node.id === id);
    const to = Math.min(Math.max(position, 0), nodes.length - 1);
    return moveItem(nodes, from, to).map((node, index) => ({ ...node, position: index }));
  };
  if (tree.some((collection) => collection.id === id)) return reorder(tree);
  return tree.map((collection) => (collection.subCollections?.some((sub) => sub.id === id) ? { ...collection, subCollections: reorder(collection.subCollections) } : collection));
}
