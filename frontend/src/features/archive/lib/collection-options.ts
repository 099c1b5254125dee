import type { Collection } from '@/types/collection';

/** A choice of the collection filter: a collection, or one of its sub-collections (`depth` 1, shown indented). */
export type CollectionOption = { id: number; name: string; depth: 0 | 1 };

/** Each collection followed by its sub-collections, in the server's order. */
export function collectionOptions(collections: readonly Collection[]): CollectionOption[] {
  return collections.flatMap((collection) => [
    { id: collection.id, name: collection.name, depth: 0 as const },
    ...collection.subCollections.map((sub) => ({ id: sub.id, name: sub.name, depth: 1 as const })),
  ]);
}

/** How a chosen collection reads in its chip: "Summer 2026", or "Summer 2026 › Beach moods" for a sub-collection; null when unknown. */
export function collectionLabel(collections: readonly Collection[], id: number): string | null {
  for (const collection of collections) {
    if (collection.id === id) return collection.name;
    const sub = collection.subCollections.find((candidate) => candidate.id === id);
    if (sub) return `${collection.name} › ${sub.name}`;
  }
  return null;
}
